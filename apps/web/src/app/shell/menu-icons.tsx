import AccountBalance from '@mui/icons-material/AccountBalance';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AccountTree from '@mui/icons-material/AccountTree';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assessment from '@mui/icons-material/Assessment';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import Folder from '@mui/icons-material/Folder';
import FolderOpen from '@mui/icons-material/FolderOpen';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Home from '@mui/icons-material/Home';
import Hub from '@mui/icons-material/Hub';
import Inventory from '@mui/icons-material/Inventory';
import Key from '@mui/icons-material/Key';
import LockClock from '@mui/icons-material/LockClock';
import MenuBook from '@mui/icons-material/MenuBook';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import People from '@mui/icons-material/People';
import Percent from '@mui/icons-material/Percent';
import PointOfSale from '@mui/icons-material/PointOfSale';
import Receipt from '@mui/icons-material/Receipt';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Schedule from '@mui/icons-material/Schedule';
import Search from '@mui/icons-material/Search';
import Settings from '@mui/icons-material/Settings';
import Store from '@mui/icons-material/Store';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import SupportAgent from '@mui/icons-material/SupportAgent';
import UploadFile from '@mui/icons-material/UploadFile';

/**
 * Menu icons by their @mui/icons-material name, as the server stores them. An explicit map keeps the bundle
 * to these few icons; later issues add the names their menu entries use. MUI 9 dropped the `HelpOutline`
 * alias, so that stored name maps to its Outlined twin.
 */
// typeof an icon, not the barrel's type: importing the barrel would make tsc read ~11k declarations
export const ICONS: Record<string, typeof Home> = {
  AccountBalance, AccountCircle, AccountTree, AdminPanelSettings, Assessment, Dashboard, Description, Folder, FolderOpen, HelpOutline, Home, Hub, Inventory, Key,
  LockClock, MenuBook, OndemandVideo, People, Percent, PointOfSale, Receipt, RequestQuote, Schedule, Search, Settings, Store, SupervisorAccount, SupportAgent, UploadFile,
};

export function MenuIcon({ name, fontSize = 'medium' }: { name: string | null; fontSize?: 'small' | 'medium' | 'large' }) {
  const Icon = (name && ICONS[name]) || ChevronRight;
  return <Icon fontSize={fontSize} />;
}

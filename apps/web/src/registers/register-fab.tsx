import { MSG } from '@concilia/domain';
import Add from '@mui/icons-material/Add';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import Block from '@mui/icons-material/Block';
import Bolt from '@mui/icons-material/Bolt';
import Check from '@mui/icons-material/Check';
import Description from '@mui/icons-material/Description';
import DoneAll from '@mui/icons-material/DoneAll';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import FactCheck from '@mui/icons-material/FactCheck';
import ForwardToInbox from '@mui/icons-material/ForwardToInbox';
import HowToReg from '@mui/icons-material/HowToReg';
import Key from '@mui/icons-material/Key';
import ListAlt from '@mui/icons-material/ListAlt';
import Lock from '@mui/icons-material/Lock';
import Login from '@mui/icons-material/Login';
import Percent from '@mui/icons-material/Percent';
import PlayArrow from '@mui/icons-material/PlayArrow';
import PointOfSale from '@mui/icons-material/PointOfSale';
import Preview from '@mui/icons-material/Preview';
import Refresh from '@mui/icons-material/Refresh';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Send from '@mui/icons-material/Send';
import Summarize from '@mui/icons-material/Summarize';
import Timeline from '@mui/icons-material/Timeline';
import Undo from '@mui/icons-material/Undo';
import Visibility from '@mui/icons-material/Visibility';
import Delete from '@mui/icons-material/Delete';
import MoreVert from '@mui/icons-material/MoreVert';
import { SpeedDial, SpeedDialAction, SpeedDialIcon } from '@mui/material';
import { useState } from 'react';
import type { FabItem } from './fab-items';

// Icons by the @mui/icons-material name a declared action gives; an explicit map keeps the bundle small.
/** every icon a declared action names (register-fab.test.ts keeps it so): one the map lacks would show as a play arrow */
export const ACTION_ICONS: Record<string, typeof Add> = {
  Add, AssignmentInd, Block, Bolt, Check, Description, DoneAll, Download, Edit, FactCheck, ForwardToInbox, HowToReg, Key, ListAlt, Lock, Login, Percent, PlayArrow, PointOfSale, Preview, Refresh, RequestQuote, Send, Summarize, Timeline, Undo, Visibility,
};
const iconOf = (item: FabItem) => {
  if (item.kind === 'add') return <Add />;
  if (item.kind === 'edit') return <Edit />;
  if (item.kind === 'delete') return <Delete />;
  if (item.kind !== 'action') return <PlayArrow />;
  const Icon = (item.action.icon && ACTION_ICONS[item.action.icon]) || PlayArrow;
  return <Icon />;
};

/**
 * The floating action button of the generic screen. Labels stay visible next to the actions, so a phone
 * user (no hover) reads them too; it stays open until an action is picked or the user clicks elsewhere.
 */
export function RegisterFab({ items, onPick }: { items: FabItem[]; onPick: (item: FabItem) => void }) {
  const [open, setOpen] = useState(false);
  if (items.length === 0) return null;
  return (
    <SpeedDial
      ariaLabel={MSG.listaAcoes}
      icon={items.length === 1 && items[0]!.kind === 'add' ? <SpeedDialIcon /> : <SpeedDialIcon icon={<MoreVert />} />}
      open={open}
      // Opens on a click (or keyboard) only: opening on hover made the click that follows close it again.
      onOpen={(_e, reason) => reason === 'toggle' && setOpen(true)}
      onClose={(_e, reason) => reason !== 'mouseLeave' && setOpen(false)}
      sx={{ position: 'fixed', right: 24, bottom: 24 }}
    >
      {items.map((item) => (
        <SpeedDialAction
          key={item.key}
          icon={iconOf(item)}
          onClick={() => {
            setOpen(false);
            onPick(item);
          }}
          slotProps={{ tooltip: { title: item.label, open: true }, fab: { 'aria-label': item.label } }}
        />
      ))}
    </SpeedDial>
  );
}

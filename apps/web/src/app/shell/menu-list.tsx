import { MSG } from '@concilia/domain';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, IconButton, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MenuIcon } from './menu-icons';
import { containsPath, samePath, type MenuNode } from './menu-tree';

type Props = { node: MenuNode; depth: number; onNavigate?: () => void };

function MenuNodeItem({ node, depth, onNavigate }: Props) {
  const { pathname } = useLocation();
  const current = node.path !== null && samePath(node.path, pathname);
  const hasChildren = node.children.length > 0;
  // Sections start open when they hold the current page, so the user sees where they are.
  const [open, setOpen] = useState(() => containsPath(node, pathname));
  const toggle = () => setOpen((o) => !o);
  const indent = { pl: 2 + depth * 2 };

  const button = node.path !== null ? (
    <ListItemButton component={Link} to={node.path} selected={current} onClick={onNavigate} sx={indent} aria-current={current ? 'page' : undefined}>
      <ListItemIcon sx={{ minWidth: 40 }}><MenuIcon name={node.icon} /></ListItemIcon>
      <ListItemText primary={node.label} />
    </ListItemButton>
  ) : (
    <ListItemButton onClick={toggle} sx={indent} aria-expanded={open}>
      <ListItemIcon sx={{ minWidth: 40 }}><MenuIcon name={node.icon} /></ListItemIcon>
      <ListItemText primary={node.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
      {open ? <ExpandLess /> : <ExpandMore />}
    </ListItemButton>
  );

  return (
    <>
      {node.path !== null && hasChildren ? (
        // A forced page that also has children: the label navigates, the arrow expands.
        <ListItem
          disablePadding
          secondaryAction={
            <IconButton edge="end" aria-label={open ? MSG.recolher : MSG.expandir} aria-expanded={open} onClick={toggle}>
              {open ? <ExpandLess /> : <ExpandMore />}
            </IconButton>
          }
        >
          {button}
        </ListItem>
      ) : (
        <ListItem disablePadding>{button}</ListItem>
      )}
      {hasChildren ? (
        // an item of the list itself (a list holds only items), holding the section's own list
        <Collapse component="li" in={open} timeout="auto" unmountOnExit>
          <MenuList nodes={node.children} depth={depth + 1} onNavigate={onNavigate} />
        </Collapse>
      ) : null}
    </>
  );
}

export function MenuList({ nodes, depth = 0, onNavigate }: { nodes: readonly MenuNode[]; depth?: number; onNavigate?: () => void }) {
  return (
    <List disablePadding={depth > 0}>
      {nodes.map((n) => <MenuNodeItem key={n.id} node={n} depth={depth} onNavigate={onNavigate} />)}
    </List>
  );
}

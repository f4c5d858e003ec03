import { MSG } from '@concilia/domain';
import { Link, List, ListItem, Paper, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import type { ManualSection } from './manual-content';

/** Scrolls to a manual anchor without a navigation: a hash change would count as a new page visit. */
export function scrollToAnchor(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

export function ManualToc({ sections }: { sections: readonly ManualSection[] }) {
  const go = (id: string) => (e: MouseEvent) => {
    e.preventDefault();
    scrollToAnchor(id);
  };
  return (
    <Paper variant="outlined" component="nav" aria-label={MSG.manualIndice} data-testid="manual-toc" sx={{ p: 2 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1, textTransform: 'uppercase', color: 'text.secondary' }}>
        {MSG.manualIndice}
      </Typography>
      <List dense disablePadding>
        {sections.map((s) => (
          <ListItem key={s.id} disablePadding sx={{ display: 'block', mb: 1 }}>
            <Link href={`#${s.id}`} onClick={go(s.id)} underline="hover" sx={{ fontWeight: 600 }}>{s.title}</Link>
            <List dense disablePadding sx={{ pl: 2 }}>
              {s.topics.map((t) => (
                <ListItem key={t.id} disablePadding>
                  <Link href={`#${t.id}`} onClick={go(t.id)} underline="hover" color="text.secondary" variant="body2">{t.title}</Link>
                </ListItem>
              ))}
            </List>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

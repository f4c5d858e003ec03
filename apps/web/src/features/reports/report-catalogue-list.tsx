import { MSG, type ReportDef } from '@concilia/domain';
import Search from '@mui/icons-material/Search';
import { Box, InputAdornment, List, ListItem, ListItemButton, ListItemText, ListSubheader, TextField, Typography } from '@mui/material';
import { Fragment, useMemo, useState } from 'react';
import { groupedReports } from './report-filter';

type Props = { reports: readonly ReportDef[]; selected: string | null; onSelect: (key: string) => void };

/**
 * The catalogue by group (REPORT_GROUPS' order) with a search over titles and descriptions: some fifty
 * generators are too many to scan, and a finance team looks for words ('taxa', 'recebimento') rather than groups.
 */
export function ReportCatalogueList({ reports, selected, onSelect }: Props) {
  const [busca, setBusca] = useState('');
  const groups = useMemo(() => groupedReports(reports, busca), [reports, busca]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <TextField
        size="small"
        fullWidth
        type="search"
        label={MSG.relatoriosBuscar}
        value={busca}
        onChange={(e) => setBusca(e.target.value)}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
        sx={{ mb: 1 }}
      />
      <List dense aria-label={MSG.relatoriosCatalogo} sx={{ overflowY: 'auto', py: 0 }}>
        {groups.map((g) => (
          <Fragment key={g.group}>
            <ListSubheader disableSticky sx={{ lineHeight: '32px', fontWeight: 600, bgcolor: 'transparent' }}>{g.group}</ListSubheader>
            {g.reports.map((r) => (
              // a list holds items only (axe 'list'): the button sits in its item
              <ListItem key={r.key} disablePadding>
                <ListItemButton
                  selected={r.key === selected}
                  aria-current={r.key === selected ? 'true' : undefined}
                  onClick={() => onSelect(r.key)}
                  sx={{ borderRadius: 1 }}
                >
                  <ListItemText primary={r.title} />
                </ListItemButton>
              </ListItem>
            ))}
          </Fragment>
        ))}
      </List>
      {groups.length === 0 ? <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>{MSG.relatoriosNenhumEncontrado}</Typography> : null}
    </Box>
  );
}

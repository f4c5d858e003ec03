import { MSG, REPORTS, reportByKey, ROUTES } from '@concilia/domain';
import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AgendamentoDrawer, type AgendamentoAbrir } from './agendamento-drawer';
import { AgendamentosTab } from './agendamentos-tab';
import { GerarRelatorioTab } from './gerar-relatorio-tab';
import { groupedReports } from './report-filter';
import { agendamentosKey } from './report-operations';
import { PageHeading } from '../../app/page-heading';

type Aba = 'gerar' | 'agendamentos';
const PAINEL = 'relatorios-painel';

/**
 * Relatórios (issue 20; spec part 2 §2 /app/relatorios, §3 "report schedule", §7): 'Gerar relatório' runs any
 * generator of the catalogue (REPORTS) with its declared filter and format and downloads the file;
 * 'Agendamentos' keeps the schedules that e-mail a report by day, week or month. Everything about a report —
 * its filter fields, their rules, its formats — is read from its declaration, so the screen serves every
 * generator the catalogue gains. The tab and the chosen report live in the address (?aba=, ?relatorio=): a link
 * or a reload opens the same report.
 */
export function RelatoriosPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const aba: Aba = params.get('aba') === 'agendamentos' ? 'agendamentos' : 'gerar';
  // the first report in the screen's own order (by group) when the address names none, or one no longer offered
  const def = reportByKey(params.get('relatorio') ?? '') ?? groupedReports(REPORTS)[0]?.reports[0] ?? null;
  const [abrir, setAbrir] = useState<AgendamentoAbrir | null>(null);

  const navegar = (next: { aba?: Aba; relatorio?: string }) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (next.aba) {
        if (next.aba === 'gerar') out.delete('aba');
        else out.set('aba', next.aba);
      }
      if (next.relatorio) out.set('relatorio', next.relatorio);
      return out;
    }, { replace: true });

  return (
    <Stack spacing={2}>
      <Box>
        <PageHeading>{ROUTES.relatorios.title}</PageHeading>
        <Typography variant="body2" color="text.secondary">{MSG.relatoriosSubtitulo}</Typography>
      </Box>
      <Tabs value={aba} onChange={(_e, v: Aba) => navegar({ aba: v })} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {/* one panel is drawn at a time (the other's calls wait for its first visit): only the current tab controls it */}
        <Tab value="gerar" label={MSG.relatoriosAbaGerar} id="relatorios-aba-gerar" aria-controls={aba === 'gerar' ? PAINEL : undefined} />
        <Tab value="agendamentos" label={MSG.relatoriosAbaAgendamentos} id="relatorios-aba-agendamentos" aria-controls={aba === 'agendamentos' ? PAINEL : undefined} />
      </Tabs>
      <Box role="tabpanel" id={PAINEL} aria-labelledby={`relatorios-aba-${aba}`}>
        {aba === 'gerar' ? (
          <GerarRelatorioTab
            reports={REPORTS}
            def={def}
            onSelect={(relatorio) => navegar({ relatorio })}
            onSchedule={(d, filtro, formato) => setAbrir({ modo: 'novo', relatorio: d.key, filtro, formato })}
          />
        ) : (
          <AgendamentosTab
            onNovo={() => setAbrir({ modo: 'novo', relatorio: def?.key ?? '' })}
            onEditar={(agendamento) => setAbrir({ modo: 'editar', agendamento })}
          />
        )}
      </Box>
      {abrir ? (
        <AgendamentoDrawer
          reports={REPORTS}
          abrir={abrir}
          onClose={() => setAbrir(null)}
          onSaved={() => {
            setAbrir(null);
            void queryClient.invalidateQueries({ queryKey: agendamentosKey });
            navegar({ aba: 'agendamentos' });
          }}
        />
      ) : null}
    </Stack>
  );
}

import { INTEGRATION_SCREENS, MSG, ROUTES } from '@concilia/domain';
import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { RegisterPage } from '../../registers/register-page';
import { INTEGRATION_REGISTER_SCREENS } from '../../registers/registry';
import { ChavesApiTab } from './chaves-api-tab';
import { PageHeading } from '../../app/page-heading';

const CHAVES = 'chaves';
const PAINEL = 'integracao-painel';

/**
 * Integrações (issue 20; spec part 2 §2 /app/integracao, §3, §7): the ERP deliveries and what they need, one tab
 * each — every tab but the integrator's API keys is a register of the kit (INTEGRATION_SCREENS), drawn by the
 * generic list screen from its declaration. The tab lives in the address (?aba=), so a link or a reload opens it.
 */
export function IntegracaoPage() {
  const [params, setParams] = useSearchParams();
  const abas = [...INTEGRATION_SCREENS.map((d) => d.key), CHAVES];
  const aba = abas.includes(params.get('aba') ?? '') ? params.get('aba')! : abas[0]!;
  const screen = INTEGRATION_REGISTER_SCREENS.find((s) => s.def.key === aba);

  return (
    <Stack spacing={2}>
      <Box>
        <PageHeading>{ROUTES.integracao.title}</PageHeading>
        <Typography variant="body2" color="text.secondary">{MSG.integracaoSubtitulo}</Typography>
      </Box>
      <Tabs
        value={aba}
        onChange={(_e, v: string) => setParams({ aba: v }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {/* one panel is drawn at a time: only the current tab controls it */}
        {INTEGRATION_SCREENS.map((d) => (
          <Tab key={d.key} value={d.key} label={d.title} id={`integracao-aba-${d.key}`} aria-controls={aba === d.key ? PAINEL : undefined} />
        ))}
        <Tab value={CHAVES} label={MSG.integracaoChavesTitulo} id={`integracao-aba-${CHAVES}`} aria-controls={aba === CHAVES ? PAINEL : undefined} />
      </Tabs>
      <Box role="tabpanel" id={PAINEL} aria-labelledby={`integracao-aba-${aba}`}>
        {/* keyed: a tab's filter, selection and paging are its own */}
        {screen ? <RegisterPage key={aba} screen={screen} inTab /> : <ChavesApiTab />}
      </Box>
    </Stack>
  );
}

import { Box, Typography } from '@mui/material';

/**
 * The Termo de Responsabilidade the merchant accepts before typing the Cielo credentials. Its text is the
 * product's, not the user's: what the platform does with the access it is given, and what it does not.
 */
const CLAUSES = [
  'Declaro que sou responsável pela empresa do CNPJ informado ou tenho autorização dela para cadastrá-la.',
  'Autorizo a Concilia a acessar, com o login e a senha da API da Cielo que informarei, os arquivos de vendas, pagamentos e ajustes da minha loja, somente para conciliá-los.',
  'A Concilia guarda essas credenciais cifradas, não as mostra a ninguém e não faz operações financeiras em meu nome.',
  'As taxas que informo são as do meu contrato com a Cielo; a conferência das taxas cobradas depende delas estarem corretas.',
  'O cadastro passa por aprovação; o acesso é liberado depois dela, e posso cancelá-lo a qualquer momento pelo suporte.',
  'Os dados são tratados conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018).',
];

export function SignUpTerms() {
  return (
    <Box
      tabIndex={0}
      role="region"
      aria-label="Termo de Responsabilidade"
      sx={{ maxHeight: 240, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {CLAUSES.map((c) => (
          <Typography component="li" variant="body2" key={c} sx={{ mb: 1 }}>
            {c}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

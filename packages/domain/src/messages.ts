/**
 * The one catalogue of user-visible texts. Texts quoted by the specification are kept letter for letter
 * (including its quirks); the rest follow the same tone. Server and client both read from here, so a
 * message a test asserts is the message a user sees.
 */
export const MSG = {
  // Sign-in (spec part 1 §5, §8)
  loginInvalido: 'Usuário / Senha inválidos',
  loginErro: 'Login inválido',
  botCheckAusente: 'Por favor, complete o reCAPTCHA.',
  botCheckInvalido: 'Por favor, complete o reCAPTCHA.',
  usuarioObrigatorio: 'Usuário é obrigatório.',
  senhaObrigatoria: 'Senha é obrigatório.',
  muitasTentativas: 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
  usuarioExpirado: 'Seu acesso expirou. Procure o administrador da sua empresa para renovar a validade do usuário.',
  usuarioNaoLogado: 'Usuário não logado',
  linkAcessoInvalido: 'Link de acesso inválido ou expirado. Entre com seu usuário e senha.',
  semPermissao: 'Você não tem permissão para esta operação.',
  registroNaoEncontrado: 'Registro não encontrado ou sem permissão de acesso.',

  // Generic errors (spec part 1 §8)
  erroInesperado: 'Ocorreu um erro inesperado. Tente novamente; se persistir, informe o código',
  dependencias: 'Exclusão não realizada pois há dependências do registro.',
  requisicaoInvalida: 'Requisição inválida.',
  requisicaoGrande: 'Requisição muito grande.',
  csrf: 'Requisição recusada por segurança. Recarregue a página e tente novamente.',

  // Status pages (spec part 1 §2)
  opsTitulo: 'Ops...',
  cadastroPendente: 'Você ainda não completou seu cadastro.',
  paginaDesconhecida: 'Oops, Página desconhecida :(',
  erroServidor: 'Ocorreu um erro em nossos servidores :(',
  voltar: 'Voltar',
  irParaHome: 'Ir para o início',

  // Password (spec part 2 §5, §8)
  novaSenhaMinimo: 'Nova Senha deve ter no mínimo 6 caracteres',
  novaSenhaObrigatoria: 'Nova Senha é obrigatório.',
  senhaCaracteres: 'Senha não deve conter caracteres especiais como & # % @',
  confirmaSenhaObrigatoria: 'Confirmação de Senha é obrigatório.',
  senhasNaoConferem: 'As senhas não conferem',
  senhaAtualObrigatoria: 'Senha Atual é obrigatório.',
  senhaAtualInvalida: 'Senha atual não confere.',
  senhaAlterada: 'Senha alterada com sucesso!',
  erroAlterarSenha: 'Erro ao alterar senha.',
  responsavelObrigatorio: 'Responsável é obrigatório.',
  emailObrigatorio: 'Email é obrigatório.',
  emailInvalido: 'Email inválido',
  esqueciSenhaEnviado:
    'Se o usuário e o e-mail conferirem, enviaremos um link para redefinir a senha. Verifique sua caixa de entrada.',
  linkTrocaSenhaExpirado: 'Este link para troca de senha expirou ou já foi usado. Solicite um novo em "Esqueci minha senha".',
  solicitaResponsavel: 'Informe o nome do responsável por este acesso para continuar.',
  solicitaSenha: 'Defina a nova senha de acesso.',

  // Forms
  dataInvalida: 'Data inválida',
  dataPlaceholder: 'dd/mm/aaaa',
  periodoMaximo: 'O período máximo para a pesquisa deve ser de 1 mês',
  periodoInvertido: 'A data final não pode ser anterior à inicial.',
  downloadIndisponivel: 'Download expirado ou indisponível. Peça o arquivo de novo.',

  // Shell
  voceEstaAqui: 'Você está aqui:',
  processando: 'Estamos processando sua requisição...',
  semNoticias: 'Nenhuma notícia no momento.',
  atendimentoAbrindo: 'Abrindo o atendimento em uma nova aba...',
  treinamentoAbrindo: 'Abrindo os vídeos de treinamento em uma nova aba...',
  atendimentoIndisponivel: 'O atendimento não está configurado para este ambiente.',
  operacaoSucesso: 'Operação realizada com sucesso!',

  // Auth (login screen, password dialogs and pages, status pages). Keys carry a prefix so that blocks
  // written alongside (Shell) cannot collide with them.
  produtoNome: 'Concilia',
  campoUsuario: 'Usuário',
  campoSenha: 'Senha',
  campoEmail: 'E-mail',
  campoResponsavel: 'Responsável',
  campoNovaSenha: 'Nova Senha',
  campoConfirmacaoSenha: 'Confirmação de Senha',
  campoSenhaAtual: 'Senha Atual',
  senhaMostrar: 'Mostrar senha',
  senhaOcultar: 'Ocultar senha',
  forcaSenhaRotulo: 'Força da senha',
  loginTitulo: 'Acesse sua conta',
  loginBemVindo: 'Bem-vindo! Confirme que você não é um robô e informe seu usuário e senha para acessar.',
  loginEsqueciSenha: 'Esqueci minha senha',
  loginCadastreSe: 'Cadastre-se',
  loginContinuar: 'Continuar',
  loginEntrandoLink: 'Entrando com o link de acesso...',
  loginSpcMarca: 'SPC',
  dialogoCancelar: 'Cancelar',
  dialogoFechar: 'Fechar',
  esqueciSenhaInstrucoes: 'Informe seu usuário e o e-mail cadastrado. Enviaremos um link para você criar uma nova senha.',
  esqueciSenhaEnviar: 'Enviar',
  trocaSenhaTitulo: 'Redefinir Senha',
  trocaSenhaContinuar: 'Continuar',
  trocaSenhaSalvar: 'Salvar nova senha',
  trocaSenhaIrLogin: 'Ir para o login',
  alteraSenhaTitulo: 'Altera Senha',
  alteraSenhaInstrucoes: 'A nova senha deve ter no mínimo 6 caracteres, usando apenas letras, números e _.',
  alteraSenhaSalvar: 'Alterar Senha',
  status404: '404',
  status500: '500',
  statusCadastroPendenteAjuda: 'Conclua o cadastro ou fale com o administrador da sua empresa; depois, entre novamente.',

  // Shell — top bar, side menu, home page, manual, Atendimento/Treinamento (appended by the shell work)
  inicio: 'Página inicial',
  abrirMenu: 'Abrir ou fechar o menu',
  menuPrincipal: 'Menu principal',
  menuVazio: 'Nenhuma tela disponível para o seu perfil.',
  expandir: 'Expandir',
  recolher: 'Recolher',
  noticias: 'Notícias',
  ajuda: 'Ajuda',
  temas: 'Temas',
  contaUsuario: 'Conta do usuário',
  versaoAntiga: 'Versão Antiga',
  sair: 'Sair',
  logoRevenda: 'Logotipo da revenda',
  saudacao: 'Olá, {nome}!',
  saudacaoSemNome: 'Olá!',
  homeSubtitulo: 'Confira as novidades e siga de onde parou.',
  atalhos: 'Acesso rápido',
  atalhosDica: 'As telas que você mais usa neste navegador.',
  ultimasNoticias: 'Últimas notícias',
  saibaMais: 'Saiba mais',
  manualIndice: 'Nesta página',
  treinamentoIndisponivel: 'Os vídeos de treinamento não estão configurados para este ambiente.',
  // Register kit — the generic list screen, its filter drawer, side form and field kinds (spec part 1
  // "Generic list screen", §4, §5, §8; part 2 §4, §8). Keys carry the lista/tabela/campo prefixes so blocks
  // written alongside cannot collide with them.
  listaAbrirFiltro: 'Filtro',
  listaFiltrar: 'Filtrar',
  listaFechar: 'Fechar',
  listaEfetueFiltro: 'Efetue um filtro para visualizar os registros.',
  listaAcoes: 'Ações',
  listaAdicionar: 'Adicionar',
  listaEditar: 'Editar',
  listaDeletar: 'Deletar',
  listaAtencao: 'Atenção',
  listaCancelar: 'Cancelar',
  listaOk: 'Ok',
  listaConfirmaExcluirUm: 'Deseja realmente excluir este registro?',
  listaConfirmaExcluirVarios: 'Deseja realmente excluir esses registros?',
  listaExcluidos: 'Registro(s) excluídos com sucesso!',
  listaExclusaoParcial:
    'Alguns registros não foram excluídos. Dentro de 5 segundos iremos atualizar a página para manter os dados coerentes.',
  listaSalvar: 'Salvar',
  tabelaSemResultados: 'Nenhum resultado encontrado',
  tabelaLinhasPorPagina: 'Linhas por página:',
  tabelaDe: 'de',
  tabelaProcurar: 'Procurar',
  tabelaDownloadCsv: 'Download CSV',
  tabelaImprimir: 'Imprimir',
  tabelaExibirColunas: 'Exibir Colunas',
  tabelaFiltrar: 'Filtrar',
  tabelaTodos: 'TODOS',
  tabelaFiltros: 'FILTROS',
  tabelaReset: 'RESET',
  tabelaLinhasSelecionadas: '{n} linha(s) selecionadas',
  campoSelecione: 'Selecione',
  campoTodos: 'Todos',
  campoSim: 'Sim',
  campoNao: 'Não',
  // Documents — CPF/CNPJ, phone and CEP fields (spec part 1 §5, part 2 §5: masks with real check digits).
  cpfCnpjInvalido: 'CPF/CNPJ inválido.',
  cpfInvalido: 'CPF inválido.',
  cnpjInvalido: 'CNPJ inválido.',
  telefoneInvalido: 'Telefone inválido.',
  cepInvalido: 'CEP inválido.',

  // Registers — users, profiles, terminals and parameters (spec part 2 §2, §3, §5, §8). Keys carry the
  // usuario/perfil/terminal/parametros prefixes so blocks written alongside cannot collide with them.
  usuarioLoginDuplicado: 'Já existe um usuário com este login.',
  usuarioLoginEspacos: 'Login não deve conter espaços.',
  usuarioPerfilNaoPermitido: 'Perfil não disponível para o seu usuário.',
  perfilTelaNaoPermitida: 'Só é possível conceder telas que o seu próprio perfil possui.',
  terminalClienteInvalido: 'Cliente não encontrado ou sem permissão de acesso.',
  parametrosTitulo: 'Parâmetros',
  parametrosFechaMovimento: 'Fecha Movimento',
  parametrosSalvos: 'Parâmetros salvos com sucesso.',

  // Files — ingestion of operator and customer files (issue 4). Keys carry the arquivo prefix.
  arquivoVazio: 'Arquivo vazio (0 bytes): nada a processar.',
  arquivoNaoReconhecido:
    'Arquivo não reconhecido: o início do arquivo não corresponde a nenhum layout aceito (Cielo EDI v14/v15, Rede EEVC/EEVD/EEFI, Getnet V10, Stone XML, vendas do cliente em CSV). Confira se é o arquivo original da operadora, sem alterações.',
  arquivoJaRecebido: 'Arquivo já recebido anteriormente (mesmo conteúdo); não foi carregado de novo.',
  arquivoFalhaProcessamento: 'Falha inesperada no processamento; o arquivo será processado novamente.',
  arquivoFalhaDefinitiva: 'O processamento falhou em todas as tentativas; nenhum dado do arquivo foi carregado. Tente reprocessar; se persistir, contate o suporte.',
  arquivoMapeamentoAusente: 'Informe o mapeamento de colunas para importar este arquivo.',

  // Arquivos — the file screens (spec part 1 "File and ticket screens" 1–3, §5, §8, §9).
  arquivosBaixados: 'Arquivo(s) baixado(s) com sucesso!',
  arquivosBaixadosParcial: 'Erro ao baixar algum dos arquivos',
  arquivosNaoBaixados: 'Arquivo(s) não baixados!',
  arquivoRegistroBaixado: 'Registro baixado com sucesso!',
  arquivoRegistroReprocessado: 'Registro reprocessado com sucesso!',
  arquivoDownloadRealizado: 'Download realizado com sucesso!',
  arquivoBaixar: 'Baixar Arquivo',
  arquivoReprocessar: 'Reprocessar',
  arquivoOriginalIndisponivel: 'O arquivo original não está mais guardado.',
  uploadInvalido: 'Arquivo muito grande ou extensão inválida.',
  uploadLimite: 'Cannot upload more than {n} items.',
  uploadEnviar: 'Enviar Arquivos',
  uploadEscolher: 'Escolher arquivos',
  uploadTitulo: 'Enviar arquivos de operadora ou de vendas',
  uploadUnidade: 'Unidade Conciliadora',
  uploadEnviando: 'Enviando',
  uploadProcessando: 'Processando',
  uploadConcluido: 'Concluído',
  uploadArquivosGrandes:
    'Arquivos maiores que {max} são recebidos pela pasta de entrada (INBOX_DIR, por SFTP/VAN) ou pela linha de comando: npm run concilia -- import <arquivo>.',
  uploadFechar: 'Fechar',

  // Fee audit — contracted rates against what operators charged (issue 5). Keys carry the auditoria prefix.
  auditoriaPeriodoInvalido: 'Informe um período válido: data inicial e data final (AAAA-MM-DD), a inicial até a final.',

  // Tickets — search, trace, import and manual entry (spec part 1 "File and ticket screens" 4–7, §4, §5, §8).
  // Keys carry the ticket prefix.
  ticketConfirmaDesconsiderar: 'Deseja realmente desconsiderar este ticket?',
  ticketConfirmaReconsiderar: 'Deseja realmente reconsiderar este ticket?',
  ticketNaoReconsiderado: 'Registro não reconsiderado!',
  ticketAutorizacaoNaoProcessada: 'O registro de autorização {n} não foi processado corretamente.',
  ticketProcessado: 'Registro processado com sucesso!',
  ticketImportado: 'Registro baixado com sucesso!',
  ticketSelecioneCliente: 'Selecione um código de cliente',
  ticketSalvo: 'Ticket salvo com sucesso!',
  ticketsSalvos: 'Tickets salvos com sucesso!',
  ticketBandeiraObrigatoria: 'Bandeira é obrigatório',
  ticketAutorizacaoObrigatoria: 'Autorização é obrigatório',
  // the spec keeps the sale date's message as it is: it reads like the installments' one
  ticketParcelasObrigatorio: 'Total de Parcelas é obrigatório',
  ticketDataFutura: 'A data da venda não pode ser futura',
  ticketValorInvalido: 'Valor inválido',
  ticketSemTickets: 'Adicione ao menos um ticket à lista.',
  ticketClienteInvalido: 'Código de cliente não encontrado para este conciliador e operadora.',
  ticketNadaAImportar: 'Nenhuma venda somente na operadora para importar neste filtro.',
  ticketImportacaoEnviada: 'Importação recebida: as vendas serão conciliadas em seguida.',
  ticketUnidadeObrigatoria: 'Selecione a unidade conciliadora.',
  ticketRastreabilidade: 'Rastreabilidade do Ticket',
  ticketAnaliseSemCandidatos: 'Nenhuma venda da operadora próxima (mesmo cliente, até 3 dias, com NSU, autorização, TID ou valor em comum).',
} as const;

export type MessageKey = keyof typeof MSG;

/** Expected errors travel with a stable code so clients and tests do not parse prose. */
export const ERROR_CODES = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  RATE_LIMITED: 'RATE_LIMITED',
  BOT_CHECK_FAILED: 'BOT_CHECK_FAILED',
  USER_EXPIRED: 'USER_EXPIRED',
  FK_CONFLICT: 'FK_CONFLICT',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

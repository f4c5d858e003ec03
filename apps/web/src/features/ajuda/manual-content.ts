import { FORCA_SENHA, MSG, ROUTES } from '@concilia/domain';

/**
 * The user manual as data: the page renders whatever is here, so editing the manual never touches the
 * component. Texts the screens show are quoted from the message catalogue, so the manual cannot drift
 * from what the user actually reads.
 */
export type ManualBlock =
  | { kind: 'p'; text: string }
  | { kind: 'steps'; items: string[] }
  | { kind: 'list'; items: string[] }
  | { kind: 'note'; text: string };

export type ManualTopic = { id: string; title: string; blocks: ManualBlock[] };
export type ManualSection = { id: string; title: string; intro: string; topics: ManualTopic[] };

const q = (s: string) => `“${s}”`;

export const MANUAL_INTRO =
  'Este manual explica como acessar o Concilia, como se movimentar pela aplicação e como cuidar da sua conta. ' +
  'Use o índice para ir direto ao assunto.';

export const MANUAL: readonly ManualSection[] = [
  {
    id: 'acesso',
    title: 'Acesso',
    intro: 'Como entrar no Concilia, recuperar a senha e por quanto tempo o seu acesso vale.',
    topics: [
      {
        id: 'entrar',
        title: 'Entrar',
        blocks: [
          { kind: 'p', text: 'Na página de acesso, informe o usuário e a senha que você recebeu do administrador da sua empresa.' },
          {
            kind: 'steps',
            items: [
              'Digite o seu usuário. Ele aparece sempre em letras maiúsculas; não é preciso se preocupar com isso.',
              'Digite a sua senha. O ícone de olho ao lado do campo mostra ou esconde o que foi digitado.',
              'Conclua a verificação anti-robô (veja o próximo tópico).',
              'Clique em Continuar. Enquanto o acesso é conferido, o botão fica desabilitado.',
            ],
          },
          { kind: 'p', text: `Se o usuário ou a senha estiverem errados, a mensagem ${q(MSG.loginInvalido)} aparece logo abaixo dos campos.` },
          { kind: 'note', text: `Depois de várias tentativas erradas seguidas, o acesso é bloqueado por alguns minutos e a mensagem ${q(MSG.muitasTentativas)} é exibida. Aguarde e tente de novo.` },
          { kind: 'p', text: 'Ao entrar, você chega à página inicial (Home), com as notícias e os atalhos para as telas que você mais usa.' },
        ],
      },
      {
        id: 'verificacao-anti-robo',
        title: 'Verificação anti-robô',
        blocks: [
          { kind: 'p', text: 'Para proteger a sua conta contra tentativas automáticas de acesso, a página de acesso pede uma verificação rápida antes de entrar.' },
          {
            kind: 'list',
            items: [
              'Marque a caixa “Eu não sou um robô” e aguarde a confirmação; normalmente leva menos de um segundo.',
              `Se você clicar em Continuar sem concluir a verificação, aparece ${q(MSG.botCheckAusente)}`,
              'A verificação é renovada a cada 55 segundos e depois de cada tentativa de acesso. Se a página ficou aberta por muito tempo, basta verificar de novo.',
            ],
          },
        ],
      },
      {
        id: 'esqueci-minha-senha',
        title: 'Esqueci minha senha',
        blocks: [
          { kind: 'p', text: 'Se você não lembra a sua senha, peça uma nova pela própria página de acesso.' },
          {
            kind: 'steps',
            items: [
              'Clique em Esqueci minha senha.',
              'Informe o seu usuário e o e-mail cadastrado para ele e confirme.',
              'Abra o e-mail que o Concilia enviou e clique no link para redefinir a senha.',
              'Defina a nova senha seguindo as regras de senha (veja Minha conta) e confirme-a.',
            ],
          },
          { kind: 'p', text: `Por segurança, a resposta é a mesma quer os dados confiram ou não: ${q(MSG.esqueciSenhaEnviado)}` },
          { kind: 'note', text: `O link vale por pouco tempo e só pode ser usado uma vez. Se ele tiver expirado, a página avisa: ${q(MSG.linkTrocaSenhaExpirado)}` },
        ],
      },
      {
        id: 'validade-do-acesso',
        title: 'Validade do acesso',
        blocks: [
          { kind: 'p', text: 'Cada usuário tem uma data de validade definida pelo administrador da empresa.' },
          {
            kind: 'list',
            items: [
              `Depois dessa data o acesso é recusado com a mensagem ${q(MSG.usuarioExpirado)}`,
              'A sessão também termina sozinha depois de um período sem uso, e tem uma duração máxima mesmo em uso contínuo. Quando isso acontece, você volta para a página de acesso e basta entrar de novo.',
              `Se o seu cadastro ainda não foi concluído, você verá a página ${ROUTES.notAllowed.title} com a mensagem ${q(MSG.cadastroPendente)} Procure quem criou o seu acesso para completá-lo.`,
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'navegacao',
    title: 'Navegação',
    intro: 'Como encontrar as telas, saber onde você está, ler as notícias e deixar a aplicação com a sua cara.',
    topics: [
      {
        id: 'menu',
        title: 'Menu',
        blocks: [
          { kind: 'p', text: 'O menu lateral mostra as telas que o seu perfil pode usar, agrupadas em seções.' },
          {
            kind: 'list',
            items: [
              'O botão de menu (três linhas), no canto superior esquerdo, abre e fecha o menu. No computador, o Concilia lembra se você o deixou aberto ou fechado.',
              'Clique no nome de uma seção para expandi-la ou recolhê-la.',
              'A tela em que você está fica destacada, e a seção dela já abre expandida.',
              'No celular, o menu abre por cima da página e se fecha sozinho quando você escolhe uma tela.',
              'O logotipo do Concilia leva de volta à página inicial. Parando o mouse sobre ele, você vê a versão da aplicação.',
            ],
          },
          { kind: 'p', text: 'Na página inicial, os atalhos mostram as telas que você mais abre neste navegador, para chegar a elas com um clique.' },
          { kind: 'note', text: 'Os itens Atendimento e Treinamento, da seção Ajuda, abrem em uma nova aba o portal de atendimento e os vídeos de treinamento, quando a sua empresa os oferece.' },
        ],
      },
      {
        id: 'breadcrumb',
        title: 'Você está aqui',
        blocks: [
          { kind: 'p', text: `Logo acima do conteúdo, a linha ${q(MSG.voceEstaAqui)} mostra o caminho da tela atual no menu: a seção e, por último, o nome da tela.` },
          { kind: 'p', text: 'Ao rolar a página para baixo, a barra superior escurece e passa a mostrar o nome da tela, para que você não perca a referência.' },
        ],
      },
      {
        id: 'noticias',
        title: 'Notícias',
        blocks: [
          { kind: 'p', text: 'O sino na barra superior mostra quantas notícias estão publicadas para você. Clique nele para lê-las.' },
          {
            kind: 'list',
            items: [
              'As notícias são publicadas pela plataforma e pela revenda que atende a sua empresa.',
              'As mais recentes aparecem primeiro; as três últimas também ficam na página inicial.',
              `Quando não há nada publicado, o sino avisa: ${q(MSG.semNoticias)}`,
            ],
          },
        ],
      },
      {
        id: 'temas',
        title: 'Temas',
        blocks: [
          { kind: 'p', text: 'Você pode escolher as cores da aplicação. Clique no ícone de paleta na barra superior e escolha um dos 16 temas: oito cores, cada uma em versão clara e escura.' },
          { kind: 'p', text: 'A escolha vale na hora e fica guardada neste navegador, inclusive depois de sair. O tema padrão é o Azul Ciano Claro.' },
        ],
      },
    ],
  },
  {
    id: 'minha-conta',
    title: 'Minha conta',
    intro: 'O seu nome aparece no canto superior direito; clique nele para abrir as opções da sua conta.',
    topics: [
      {
        id: 'alterar-senha',
        title: 'Alterar a senha',
        blocks: [
          { kind: 'steps', items: [
            `No menu do usuário, escolha ${ROUTES.alteraSenha.title}.`,
            'Informe a senha atual.',
            'Digite a nova senha e repita-a no campo de confirmação.',
            'Confirme. A partir daí, use a nova senha para entrar.',
          ] },
          { kind: 'p', text: 'Regras da senha:' },
          {
            kind: 'list',
            items: [
              'mínimo de 6 caracteres;',
              'apenas letras, números e o sublinhado ( _ ) — acentos, espaços e símbolos como & # % @ não são aceitos;',
              'a confirmação precisa ser igual à nova senha.',
            ],
          },
          { kind: 'p', text: `Enquanto você digita, um indicador mostra a força da senha: ${FORCA_SENHA.join(', ')}. Misturar letras maiúsculas e minúsculas, números e _ e usar senhas mais longas deixa a senha mais forte.` },
          { kind: 'note', text: `Se algo não estiver certo, a tela avisa, por exemplo: ${q(MSG.novaSenhaMinimo)}, ${q(MSG.senhaCaracteres)} ou ${q(MSG.senhasNaoConferem)}.` },
        ],
      },
      {
        id: 'versao-antiga',
        title: 'Versão antiga',
        blocks: [
          { kind: 'p', text: `Quando a sua empresa ainda usa o sistema anterior, o menu do usuário mostra ${q(MSG.versaoAntiga)}. Ela abre o sistema anterior em uma nova aba.` },
        ],
      },
    ],
  },
  {
    id: 'sair',
    title: 'Sair',
    intro: 'Encerre a sessão sempre que terminar, principalmente em computadores compartilhados.',
    topics: [
      {
        id: 'encerrar-sessao',
        title: 'Encerrar a sessão',
        blocks: [
          { kind: 'steps', items: ['Clique no seu nome, no canto superior direito.', `Escolha ${MSG.sair}.`] },
          { kind: 'p', text: 'A sessão é encerrada no servidor, os dados guardados neste navegador são apagados (menos o tema escolhido) e você volta para a página de acesso.' },
        ],
      },
    ],
  },
];

/**
 * Texts of the customer's privacy tools (ADR 038, docs/behaviour/accounts-and-sign-in.md#privacy): consent, data
 * export and account closure. Its own module, apart from MSG: only the profile and the back-office read it.
 */
export const MSG_PRIVACIDADE = {
  secaoTitulo: 'Privacidade e dados',
  secaoTexto:
    'Seus dados são tratados conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018). Aqui você escolhe o que recebe, baixa uma cópia de tudo o que a loja guarda sobre você ou exclui sua conta.',
  consentimentoAtivo: 'Você aceitou receber ofertas e novidades por e-mail em {data}.',
  consentimentoInativo: 'Você não recebe ofertas e novidades por e-mail.',
  consentimentoGravado: 'Preferência de e-mails atualizada.',
  baixarDados: 'Baixar meus dados',
  baixarDadosAjuda: 'Um arquivo JSON (legível por máquina) e um resumo para ler ou imprimir.',
  baixarResumo: 'Ver resumo para impressão',
  dadosBaixados: 'Seus dados foram baixados.',
  excluirConta: 'Excluir minha conta',
  excluirContaAjuda:
    'Sua conta é encerrada e seus dados pessoais são apagados. Notas fiscais e pedidos pagos ficam guardados pelo prazo da lei, sem seu e-mail e telefone.',
  excluirTitulo: 'Excluir minha conta',
  excluirTexto:
    'Esta ação não pode ser desfeita. Sua sessão termina, você não poderá mais entrar com esta conta e seus cursos deixam de estar disponíveis. Para confirmar, digite sua senha.',
  excluirSenha: 'Senha atual',
  excluirConfirmar: 'Excluir definitivamente',
  cancelar: 'Cancelar',
  contaExcluida: 'Sua conta foi excluída e seus dados pessoais foram apagados.',
  senhaObrigatoria: 'Digite sua senha para confirmar.',
  senhaIncorreta: 'Senha incorreta.',
  contaJaExcluida: 'Esta conta já foi excluída.',
  somenteClientes: 'Somente contas de clientes têm estes dados.',
  /** The anonymised account's names. */
  nomeAnonimo: 'Cliente excluído',
  /** Back-office. */
  equipeTitulo: 'Direitos do titular (LGPD)',
  equipeTexto: 'Para um pedido recebido por outro canal (e-mail, telefone, balcão). Fica registrado na auditoria.',
  equipeExportar: 'Exportar dados do cliente',
  equipeAnonimizar: 'Excluir e anonimizar',
  equipeConfirmar:
    'Excluir a conta de {nome} e anonimizar seus dados? A sessão dele termina e não há como desfazer. Notas fiscais e pedidos pagos ficam guardados pelo prazo da lei.',
  equipeAnonimizado: 'Conta excluída e dados anonimizados.',
  equipeJaAnonimizado: 'Conta excluída em {data}.',
  /** The export's summary page. */
  resumoTitulo: 'Seus dados na loja',
  resumoGerado: 'Gerado em {data}. O arquivo JSON traz todos os campos; este resumo mostra as mesmas linhas.',
} as const;

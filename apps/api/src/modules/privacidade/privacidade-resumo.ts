/**
 * The readable summary of a data export (ADR 038): the same rows as the JSON file, one section per table, as a
 * self-contained HTML page to read or print (no script, inline styles only).
 */
import { MSG_PRIVACIDADE } from '@clinica/shared/messages-privacidade';
import type { ExportacaoDados } from '@clinica/shared/schemas/privacidade';
import { CLINICA_NOME } from '../../integrations/mail/templates.js';
import { escapeHtml } from '../../lib/escape-html.js';

/** What each exported table is, in the customer's words. */
const TITULOS: Record<string, string> = {
  usuarios: 'Conta de acesso',
  clientes: 'Perfil',
  enderecos: 'Endereço do cadastro',
  catalogo_enderecos: 'Meus endereços',
  consentimentos: 'Consentimentos',
  sacolas: 'Sacola',
  pedidos: 'Pedidos',
  pedido_itens: 'Itens dos pedidos',
  pedido_enderecos_entrega: 'Endereços de entrega dos pedidos',
  pedido_historico: 'Histórico dos pedidos',
  pagamentos: 'Pagamentos (sem dados de cartão)',
  notas_fiscais: 'Notas fiscais',
  cupom_usos: 'Cupons usados',
  avaliacoes: 'Avaliações',
  progresso_conteudos: 'Progresso nos cursos',
  certificados: 'Certificados',
  emails_saida: 'E-mails enviados a você',
  codigos_email: 'Códigos enviados por e-mail (sem o código)',
  mensagens_contato: 'Mensagens de contato',
  estoque_avisos: 'Pedidos de "Avise-me"',
  auditoria: 'Registros de auditoria',
  chaves_idempotencia: 'Tentativas de compra registradas',
  limites_requisicao: 'Contadores de tentativas de acesso',
  tokens_revogados: 'Sessões renovadas',
  sessoes_revogadas: 'Sessões encerradas',
};

const tituloTabela = (nome: string) => TITULOS[nome] ?? nome;

const valor = (v: unknown): string =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

export function resumoExportacao(e: ExportacaoDados): string {
  const secoes = Object.entries(e.tabelas)
    .map(([nome, linhas]) => {
      const corpo = linhas.length
        ? linhas
            .map(
              (l) =>
                `<table>${Object.entries(l)
                  .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(valor(v))}</td></tr>`)
                  .join('')}</table>`,
            )
            .join('')
        : '<p class="vazio">Nenhum registro.</p>';
      return `<section><h2>${escapeHtml(tituloTabela(nome))} <small>(${escapeHtml(nome)}: ${linhas.length})</small></h2>${corpo}</section>`;
    })
    .join('\n');
  const mantidos = e.dadosMantidosAposExclusao
    .map(
      (d) => `<li><strong>${escapeHtml(d.dado)}</strong>: ${escapeHtml(d.motivo)} Prazo: ${escapeHtml(d.prazo)}.</li>`,
    )
    .join('');
  const gerado = MSG_PRIVACIDADE.resumoGerado.replace(
    '{data}',
    new Date(e.geradoEm).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }),
  );
  return `<!DOCTYPE html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(MSG_PRIVACIDADE.resumoTitulo)} · ${escapeHtml(CLINICA_NOME)}</title>
<style>
body{margin:0;background:#f1f5f9;font-family:Arial,'Helvetica Neue',Helvetica,sans-serif;color:#334155}
main{max-width:960px;margin:24px auto;padding:24px;background:#fff;border-radius:12px}
h1{color:#0f172a;font-size:24px}h2{font-size:18px;color:#0f766e;margin:24px 0 8px}small{color:#64748b;font-weight:normal}
table{border-collapse:collapse;width:100%;margin:0 0 12px;font-size:13px;table-layout:fixed}
th,td{border:1px solid #e2e8f0;padding:4px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{width:30%;background:#f8fafc;font-weight:600}.vazio{color:#64748b}
@media print{body{background:#fff}main{margin:0;padding:0}}
</style></head>
<body><main><p>${escapeHtml(CLINICA_NOME)}</p><h1>${escapeHtml(MSG_PRIVACIDADE.resumoTitulo)}</h1>
<p>${escapeHtml(gerado)}</p><p>Titular: ${escapeHtml(e.titular.email)} (cliente ${e.titular.clienteId})</p>
${secoes}
<section><h2>O que a loja mantém se você excluir sua conta</h2><ul>${mantidos}</ul></section>
</main></body></html>
`;
}

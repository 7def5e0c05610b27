/**
 * Seeds a migrated database: permissions and IBGE geography always (when
 * missing), then the demo data (docs/architecture.md#demo-mode) only into a database without
 * users. Idempotent; each part is one transaction, so a crash leaves either
 * everything or nothing of it.
 */
import { VERSAO_TEXTO_OFERTAS } from '@clinica/shared/privacidade';
import { count, eq, sql } from 'drizzle-orm';
import { MSG_ENDERECOS } from '@clinica/shared/messages-enderecos';
import type { FileStorage } from '../../integrations/files/index.js';
import { hashPassword } from '../../lib/password.js';
import { autores } from '../../modules/autor/autor.table.js';
import { avaliacoes } from '../../modules/avaliacao/avaliacao.table.js';
import { catalogoEnderecos } from '../../modules/catalogo-enderecos/catalogo-enderecos.table.js';
import { categorias } from '../../modules/categoria/categoria.table.js';
import { createSandboxInvoiceProvider } from '../../integrations/invoices/sandbox.js';
import { montarNota, NotaIncompletaError } from '../../modules/nota-fiscal/nota-fiscal.montagem.js';
import { createNotaFiscalRepository } from '../../modules/nota-fiscal/nota-fiscal.repository.js';
import { notasFiscais } from '../../modules/nota-fiscal/nota-fiscal.table.js';
import { clientes } from '../../modules/cliente/cliente.table.js';
import { emailsDasVendas } from './emails-demo.js';
import { conteudosProduto } from '../../modules/conteudo/conteudo.table.js';
import { linhaDasRegras } from '../../modules/comercial/comercial.repository.js';
import { regrasComerciais } from '../../modules/comercial/comercial.table.js';
import { cupons } from '../../modules/cupom/cupom.table.js';
import { condicoesDesconto } from '../../modules/desconto/desconto.table.js';
import { empresa } from '../../modules/empresa/empresa.table.js';
import { enderecos } from '../../modules/endereco/endereco.table.js';
import { estoqueAvisos } from '../../modules/estoque/estoque.table.js';
import { pagamentos, sandboxPagamentos } from '../../modules/checkout/pagamento.table.js';
import { pedidoEnderecosEntrega, pedidoHistorico, pedidoItens, pedidos } from '../../modules/pedido/pedido.table.js';
import {
  fichasTecnicas,
  imagens as imagensTable,
  produtoAutores,
  produtoImagens,
  produtos,
  produtoTags,
  tags,
} from '../../modules/produto/produto.table.js';
import { consentimentos } from '../../modules/privacidade/privacidade.table.js';
import { sacolas } from '../../modules/sacola/sacola.table.js';
import { notificacoes } from '../../modules/notificacao/notificacao.table.js';
import { favoritos } from '../../modules/favorito/favorito.table.js';
import { permissoes, usuarios } from '../../modules/usuario/usuario.table.js';
import type { Database, Db, Tx } from '../client.js';
import {
  DEMO_ACCOUNTS,
  DEMO_FAVORITOS,
  DEMO_ANVISA,
  DEMO_AUTORES,
  DEMO_AVALIACOES,
  DEMO_BRINDE,
  DEMO_CATALOGO_ENDERECOS,
  DEMO_CATEGORIAS,
  DEMO_CLIENTES,
  DEMO_COMPRADORES,
  DEMO_SACOLA,
  DEMO_NOTIFICACOES,
  DEMO_CUPONS,
  DEMO_CURSOS,
  DEMO_DESCONTO,
  DEMO_ESGOTADO,
  DEMO_MARCA_SKU,
  DEMO_ESTOQUE,
  DEMO_ESTOQUE_MINIMO,
  DEMO_MOVIMENTOS_EQUIPE,
  DEMO_REGRAS_COMERCIAIS,
  DEMO_EMPRESA,
  DEMO_NCM,
  DEMO_PRODUTOS_FISICOS,
  DEMO_USO_PROFISSIONAL,
  PERMISSAO_ID,
  PERMISSOES,
  type DemoAccountKey,
  type DemoProdutoFisico,
} from './demo-data.js';
import { insertDemoDesistencias } from './demo-desistencias.js';
import { gerarDemoVendas } from './demo-vendas.js';
import { loadGeografia } from './geografia.js';
import {
  autorId,
  bannerId,
  conteudoArquivo,
  conteudoKey,
  demoImagemPlanos,
  generateSeedMedia,
  produtoImagemId,
  type DemoImagemPlano,
} from './media.js';

export { DEMO_ACCOUNTS, DEMO_COMPRADORES, DEMO_COMPRADOR_SENHA, type DemoAccountKey } from './demo-data.js';
export { loadGeografia, TOTAL_MUNICIPIOS, TOTAL_UFS } from './geografia.js';
export { generateSeedMedia } from './media.js';

export interface SeedOptions {
  /** DATA_DIR: demo media goes to `${dataDir}/files`. */
  dataDir: string;
  /** Load the demo data into a database without users (default true). */
  demo?: boolean;
  /** Generate/copy the demo media files (default true). Tests that bring their own copy pass false. */
  media?: boolean;
  /** The store the demo media goes to (the server's, of STORAGE: ADR 039); by default `${dataDir}/files`. */
  storage?: FileStorage;
  log?: (m: string) => void;
}

export interface SeedResult {
  /** The geography was loaded by this run. */
  geografia: boolean;
  /** The demo data was loaded by this run. */
  demo: boolean;
}

export async function seedDatabase(database: Pick<Database, 'db'>, opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? (() => undefined);
  const querDemo = opts.demo !== false && (await contarUsuarios(database.db)) === 0;
  // The demo media is drawn on sharp's threads while the database work below runs on this one.
  // The demo rows commit only after every file is written, so a crash leaves at most files
  // without rows (which the next run reuses), never rows without files.
  const midia =
    querDemo && opts.media !== false
      ? generateSeedMedia(opts.dataDir, { log, ...(opts.storage ? { storage: opts.storage } : {}) })
      : undefined;
  midia?.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  try {
    await database.db
      .insert(permissoes)
      .values([...PERMISSOES])
      .onConflictDoNothing();
    const geografia = await loadGeografia(database);
    if (geografia) log('Geografia IBGE carregada (27 UFs, 5.571 municípios).');

    let demo = false;
    if (querDemo) {
      const [hashes, planos] = await Promise.all([hashAccounts(), demoImagemPlanos()]);
      demo = await database.db.transaction(async (tx) => {
        // Two instances starting together: the second waits here, then finds the users.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(7306210513)`);
        if ((await contarUsuarios(tx)) > 0) return false;
        await insertDemo(tx, hashes, planos);
        await midia;
        return true;
      });
      if (demo) log('Dados de demonstração carregados.');
    }
    return { geografia, demo };
  } finally {
    // Never leave the drawing running after we return (or fail).
    await midia?.catch(() => undefined);
  }
}

async function contarUsuarios(db: Pick<Tx, 'select'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(usuarios);
  return row?.n ?? 0;
}

async function hashAccounts(): Promise<Record<DemoAccountKey, string>> {
  const keys = Object.keys(DEMO_ACCOUNTS) as DemoAccountKey[];
  const hashes = await Promise.all(keys.map((k) => hashPassword(DEMO_ACCOUNTS[k].password)));
  return Object.fromEntries(keys.map((k, i) => [k, hashes[i]!])) as Record<DemoAccountKey, string>;
}

const DIA = 24 * 60 * 60 * 1000;

async function insertDemo(
  tx: Tx,
  hashes: Record<DemoAccountKey, string>,
  planos: Map<string, DemoImagemPlano>,
): Promise<void> {
  /** The URL path (largest variant) of a demo image. */
  const imagem = (id: string): string => {
    const plano = planos.get(id);
    if (!plano) throw new Error(`Imagem de demonstração desconhecida: ${id}`);
    return plano.imagem.path;
  };
  // The sizes of every public image, found by the path the other tables keep.
  await tx.insert(imagensTable).values([...planos.values()].map((p) => ({ ...p.imagem })));

  // Users and customers
  const usuarioIds = {} as Record<DemoAccountKey, number>;
  for (const key of Object.keys(DEMO_ACCOUNTS) as DemoAccountKey[]) {
    const a = DEMO_ACCOUNTS[key];
    const [row] = await tx
      .insert(usuarios)
      .values({
        nome: a.nome,
        email: a.email,
        senhaHash: hashes[key],
        permissaoId: PERMISSAO_ID[a.permissao],
        ativo: a.ativo,
        confirmado: a.confirmado,
      })
      .returning({ id: usuarios.id });
    usuarioIds[key] = row!.id;
  }
  const clienteIds = {} as Record<keyof typeof DEMO_CLIENTES, number>;
  for (const key of Object.keys(DEMO_CLIENTES) as (keyof typeof DEMO_CLIENTES)[]) {
    const { endereco, ...c } = DEMO_CLIENTES[key];
    const [row] = await tx
      .insert(clientes)
      .values({ ...c, usuarioId: usuarioIds[key] })
      .returning({ id: clientes.id });
    clienteIds[key] = row!.id;
    await tx.insert(enderecos).values({ ...endereco, clienteId: row!.id });
    const catalogo = DEMO_CATALOGO_ENDERECOS[key];
    await tx.insert(catalogoEnderecos).values([
      { ...endereco, clienteId: row!.id, nome: catalogo.cadastro, padrao: true, cadastro: true },
      ...catalogo.outros.map((o) => ({
        ...o.endereco,
        clienteId: row!.id,
        nome: o.nome,
        nomeRecebedor: o.nomeRecebedor,
        telefoneRecebedor: o.telefoneRecebedor,
      })),
    ]);
  }

  const agoraNotificacoes = Date.now();
  await tx.insert(notificacoes).values(
    DEMO_NOTIFICACOES.map((n) => {
      const em = new Date(agoraNotificacoes - n.minutosAtras * 60_000);
      return {
        clienteId: clienteIds.cliente,
        tipo: 'aviso' as const,
        texto: n.texto,
        criadaEm: em,
        lidaEm: n.lida ? em : null,
      };
    }),
  );

  await tx.insert(empresa).values({ ...DEMO_EMPRESA });

  // Catalogue
  const categoriaIds = new Map<string, number>();
  for (const c of DEMO_CATEGORIAS) {
    const [row] = await tx
      .insert(categorias)
      .values({ nome: c.nome, digital: c.digital })
      .returning({ id: categorias.id });
    categoriaIds.set(c.slug, row!.id);
  }
  const categoriaId = (slug: string): number => {
    const id = categoriaIds.get(slug);
    if (id === undefined) throw new Error(`Categoria desconhecida: ${slug}`);
    return id;
  };

  const autorIds = new Map<string, number>();
  for (const a of DEMO_AUTORES) {
    const path = imagem(autorId(a.slug));
    const [row] = await tx
      .insert(autores)
      .values({ nome: a.nome, sobre: a.sobre, nomeImg: path.split('/').pop()!, pathImg: path })
      .returning({ id: autores.id });
    autorIds.set(a.slug, row!.id);
  }

  const tagIds = new Map<string, number>();
  for (const nome of new Set(DEMO_CURSOS.flatMap((c) => c.tags))) {
    const [row] = await tx.insert(tags).values({ nome }).returning({ id: tags.id });
    tagIds.set(nome, row!.id);
  }

  const produtoIds = new Map<string, number>();
  const imagens = (slug: string, quantas: number, nomeBase: string) =>
    Array.from({ length: quantas }, (_, i) => {
      const path = imagem(produtoImagemId(slug, i + 1));
      return { nome: `${nomeBase} — imagem ${i + 1}`, path, imagemSite: false, ordem: i + 1 };
    });

  const fisicos: readonly DemoProdutoFisico[] = [...DEMO_PRODUTOS_FISICOS, DEMO_BRINDE];
  for (const p of fisicos) {
    const [row] = await tx
      .insert(produtos)
      .values({
        nome: p.nome,
        descricao: p.descricao,
        preco: p.preco,
        digital: false,
        produtoExibidoSite: !!p.home,
        categoriaId: categoriaId(p.categoria),
        tempoEstimado: p.tempoEstimado ?? null,
        altura: p.altura,
        peso: p.peso,
        largura: p.largura,
        comprimento: p.comprimento,
        brinde: !!p.brinde,
        tituloImagemHome: p.home?.titulo ?? null,
        textoHome: p.home?.texto ?? null,
        ativo: true,
        disponivel: p.disponivel ?? true,
        estoque: DEMO_ESTOQUE[p.slug] ?? 0,
        estoqueMinimo: DEMO_ESTOQUE_MINIMO[p.slug] ?? 5,
        pathImgDestaque: imagem(produtoImagemId(p.slug, 1)),
        ncm: DEMO_NCM[p.slug] ?? null,
        anvisaRegistro: DEMO_ANVISA[p.slug] ?? null,
        usoProfissional: DEMO_USO_PROFISSIONAL.has(p.slug),
        marca: DEMO_MARCA_SKU[p.slug]?.marca ?? null,
        sku: DEMO_MARCA_SKU[p.slug]?.sku ?? null,
      })
      .returning({ id: produtos.id });
    const id = row!.id;
    produtoIds.set(p.slug, id);
    const linhas = imagens(p.slug, p.imagens, p.nome).map((i) => ({ ...i, produtoId: id }));
    if (p.home) {
      linhas.push({
        produtoId: id,
        nome: `${p.nome} — banner`,
        path: imagem(bannerId(p.slug)),
        imagemSite: true,
        ordem: 0,
      });
    }
    await tx.insert(produtoImagens).values(linhas);
    await tx
      .insert(fichasTecnicas)
      .values(p.fichaTecnica.map(([descricao, valor]) => ({ produtoId: id, descricao, valor })));
  }

  for (const c of DEMO_CURSOS) {
    const [row] = await tx
      .insert(produtos)
      .values({
        nome: c.nome,
        descricao: c.descricao,
        preco: c.preco,
        digital: true,
        produtoExibidoSite: !!c.home,
        categoriaId: categoriaId(c.categoria),
        tempoEstimado: c.tempoEstimado,
        duracao: c.duracao,
        brinde: false,
        tituloImagemHome: c.home?.titulo ?? null,
        textoHome: c.home?.texto ?? null,
        ativo: true,
        disponivel: true,
        pathImgDestaque: imagem(produtoImagemId(c.slug, 1)),
      })
      .returning({ id: produtos.id });
    const id = row!.id;
    produtoIds.set(c.slug, id);
    const linhas = imagens(c.slug, 2, c.nome).map((i) => ({ ...i, produtoId: id }));
    if (c.home) {
      linhas.push({
        produtoId: id,
        nome: `${c.nome} — banner`,
        path: imagem(bannerId(c.slug)),
        imagemSite: true,
        ordem: 0,
      });
    }
    await tx.insert(produtoImagens).values(linhas);
    await tx.insert(produtoTags).values(c.tags.map((t) => ({ produtoId: id, tagId: tagIds.get(t)! })));
    await tx.insert(produtoAutores).values(
      c.autores.map((slug) => {
        const autorId = autorIds.get(slug);
        if (autorId === undefined) throw new Error(`Autor desconhecido: ${slug}`);
        return { produtoId: id, autorId };
      }),
    );
    await tx.insert(conteudosProduto).values(
      c.conteudos.map((conteudo, i) => {
        const key = conteudoKey(c.slug, i + 1, conteudo);
        const arquivo = conteudoArquivo(conteudo);
        return {
          produtoId: id,
          ordem: i + 1,
          titulo: conteudo.titulo,
          duracao: conteudo.duracao,
          arquivo: key,
          nomeArquivo: key.split('/').pop()!,
          video: conteudo.tipo === 'video',
          tipo: arquivo.tipo,
          tamanho: arquivo.tamanho,
          permiteDownload: conteudo.download ?? false,
          previaGratuita: conteudo.previa ?? false,
        };
      }),
    );
  }

  await tx.insert(condicoesDesconto).values({ ...DEMO_DESCONTO });
  await tx.insert(cupons).values(DEMO_CUPONS.map((c) => ({ ...c })));
  const regras = linhaDasRegras(DEMO_REGRAS_COMERCIAIS);
  await tx
    .insert(regrasComerciais)
    .values({ id: 1, ...regras })
    .onConflictDoUpdate({ target: regrasComerciais.id, set: regras });

  const agora = Date.now();
  await tx.insert(avaliacoes).values(
    DEMO_AVALIACOES.map((a, i) => {
      const produtoId = produtoIds.get(a.produto);
      if (produtoId === undefined) throw new Error(`Produto desconhecido: ${a.produto}`);
      return {
        produtoId,
        clienteId: clienteIds.cliente,
        nota: a.nota,
        comentario: a.comentario,
        createdAt: new Date(agora - (i + 1) * 9 * DIA),
      };
    }),
  );

  await tx.insert(favoritos).values(
    DEMO_FAVORITOS.map((slug, i) => ({
      clienteId: clienteIds.cliente,
      produtoId: produtoIds.get(slug)!,
      criadoEm: new Date(agora - (DEMO_FAVORITOS.length - i) * DIA),
    })),
  );

  // The demo buyers sign in with the demo customer's password (DEMO_COMPRADOR_SENHA): same hash.
  await insertDemoVendas(tx, { agora, senhaHash: hashes.cliente, produtoIds, equipeId: usuarioIds.equipe });
  await estoqueDasVendas(tx);
  await estoqueDaEquipe(tx, { agora, produtoIds, equipeId: usuarioIds.equipe, clienteId: usuarioIds.cliente });
  await notasDasVendas(tx);
  await emailsDasVendas(tx);
  await insertDemoDesistencias(tx, agora);
}

/**
 * The staff's side of the demo's stock (ADR 032): a few moves by the demo staff member (DEMO_MOVIMENTOS_EQUIPE, each
 * with its reason, the units on hand moved with it) and a pending 'Avise-me' of the demo customer on the sold-out
 * product.
 */
async function estoqueDaEquipe(
  tx: Tx,
  o: { agora: number; produtoIds: ReadonlyMap<string, number>; equipeId: number; clienteId: number },
): Promise<void> {
  for (const m of DEMO_MOVIMENTOS_EQUIPE) {
    const produtoId = o.produtoIds.get(m.slug)!;
    await tx.execute(sql`update produtos set estoque = estoque + ${m.delta}::int where id = ${produtoId}`);
    await tx.execute(sql`insert into estoque_movimentos
        (produto_id, pedido_id, tipo, quantidade, delta_estoque, delta_reservado, motivo, quem, quem_id, quando)
      values (${produtoId}, null, ${m.tipo}, ${Math.abs(m.delta)}::int, ${m.delta}::int, 0, ${m.motivo}, 'USUARIO',
        ${o.equipeId}::int, ${new Date(o.agora - m.diasAtras * DIA).toISOString()}::timestamptz)`);
  }
  const [cliente] = await tx.select({ email: usuarios.email }).from(usuarios).where(eq(usuarios.id, o.clienteId));
  await tx.insert(estoqueAvisos).values({
    produtoId: o.produtoIds.get(DEMO_ESGOTADO)!,
    email: cliente!.email.toLowerCase(),
    usuarioId: o.clienteId,
    criadoEm: new Date(o.agora - 3 * DIA),
  });
}

/**
 * The demo's sold goods get their NF-e (ADR 031) as the payment's job would have issued them: each paid, shipped or
 * delivered order with physical lines has an issued invoice from the offline sandbox's rule (number = the invoice's id,
 * series 1, the key from the clinic's CNPJ and state, dated at the payment), its data kept, so the customer's and the
 * staff's order dialogs show 'Nota fiscal' and the DANFE and XML open at once.
 */
async function notasDasVendas(tx: Tx): Promise<void> {
  const db = tx as unknown as Db;
  const pagos = await tx
    .select({
      pedidoId: pedidos.id,
      pagoEm:
        sql`(select min(h.quando) from pedido_historico h where h.pedido_id = ${pedidos.id} and h.para = 'PAGO')`.mapWith(
          pedidoHistorico.quando,
        ),
    })
    .from(pedidos)
    .where(
      sql`${pedidos.situacao} in ('PAGO', 'ENVIADO', 'ENTREGUE') and exists (select 1 from pedido_itens i where i.pedido_id = ${pedidos.id} and not i.digital and not i.brinde)`,
    )
    .orderBy(pedidos.id);
  const repository = createNotaFiscalRepository(db);
  const sandbox = createSandboxInvoiceProvider();
  for (const { pedidoId, pagoEm } of pagos) {
    const fontes = await repository.fontes(pedidoId);
    if (!fontes) continue;
    let dados;
    try {
      dados = montarNota(fontes);
    } catch (err) {
      if (err instanceof NotaIncompletaError) continue;
      throw err;
    }
    const agora = pagoEm ? new Date(pagoEm) : new Date();
    const [nota] = await tx
      .insert(notasFiscais)

      .values({ pedidoId, provedor: 'sandbox', dados, createdAt: agora })
      .returning({ id: notasFiscais.id });
    const r = await sandbox.emitir({ dados, idNota: nota!.id, agora });
    await tx
      .update(notasFiscais)
      .set({
        status: 'emitida',
        providerId: r.providerId,
        numero: r.numero,
        serie: r.serie,
        chaveAcesso: r.chaveAcesso,
        tentativas: 1,
        emitidaEm: agora,
        updatedAt: agora,
      })
      .where(eq(notasFiscais.id, nota!.id));
  }
}

/**
 * The demo's stock as if every sale had moved it (ADR 032): the products were inserted with their free units
 * (DEMO_ESTOQUE); the demo orders get their stock state from their status (paid, shipped, delivered: sold;
 * pending: reserved; refused, cancelled: released), the units the pending ones hold are added on hand and reserved,
 * and the movements written: the entrada of all the units there ever were, and each order's reserva and its venda
 * or liberacao.
 */
async function estoqueDasVendas(tx: Tx): Promise<void> {
  await tx.execute(sql`update pedidos set estoque_situacao = case
      when situacao in ('PAGO', 'ENVIADO', 'ENTREGUE') then 'vendido' when situacao = 'PENDENTE' then 'reservado'
      else 'liberado' end
    where exists (select 1 from pedido_itens i where i.pedido_id = pedidos.id and not i.digital)`);
  const linhas = sql`select i.produto_id, i.quantidade, o.id as pedido_id, o.estoque_situacao, o.created_at, o.updated_at
    from pedido_itens i join pedidos o on o.id = i.pedido_id where not i.digital and o.estoque_situacao is not null`;
  await tx.execute(sql`update produtos p set
      reservado = r.q, estoque = p.estoque + r.q
    from (select produto_id, sum(quantidade)::int as q from (${linhas}) l where estoque_situacao = 'reservado'
      group by produto_id) r
    where p.id = r.produto_id`);
  await tx.execute(sql`insert into estoque_movimentos
      (produto_id, pedido_id, tipo, quantidade, delta_estoque, delta_reservado, quem, quando)
    select p.id, null, 'entrada', p.estoque + coalesce(v.q, 0), p.estoque + coalesce(v.q, 0), 0, 'SISTEMA',
      coalesce((select min(created_at) from pedidos), now()) - interval '1 day'
    from produtos p
    left join (select produto_id, sum(quantidade)::int as q from (${linhas}) l where estoque_situacao = 'vendido'
      group by produto_id) v on v.produto_id = p.id
    where not p.digital and p.estoque + coalesce(v.q, 0) > 0`);
  await tx.execute(sql`insert into estoque_movimentos
      (produto_id, pedido_id, tipo, quantidade, delta_estoque, delta_reservado, quem, quando)
    select l.produto_id, l.pedido_id, 'reserva', l.quantidade, 0, l.quantidade, 'CLIENTE', l.created_at
      from (${linhas}) l
    union all
    select l.produto_id, l.pedido_id, 'venda', l.quantidade, -l.quantidade, -l.quantidade, 'SISTEMA', l.updated_at
      from (${linhas}) l where l.estoque_situacao = 'vendido'
    union all
    select l.produto_id, l.pedido_id, 'liberacao', l.quantidade, 0, -l.quantidade, 'SISTEMA', l.updated_at
      from (${linhas}) l where l.estoque_situacao = 'liberado'`);
}

/**
 * The demo buyers (users, customers, addresses) and their sales
 * (demo-vendas.ts): orders, items, delivery addresses, payments (and the
 * sandbox provider's copy of each, so staff can refund a demo order), history.
 * A few batch inserts.
 */
async function insertDemoVendas(
  tx: Tx,
  opts: { agora: number; senhaHash: string; produtoIds: ReadonlyMap<string, number>; equipeId: number },
): Promise<void> {
  const { agora, senhaHash } = opts;
  // Customers for a while: the accounts are older than their first order.
  const desde = (i: number) => new Date(agora - (75 + i * 11) * DIA);
  const contas = await tx
    .insert(usuarios)
    .values(
      DEMO_COMPRADORES.map((c, i) => ({
        nome: c.nome,
        email: c.email,
        senhaHash,
        permissaoId: PERMISSAO_ID.CLIENTE,
        ativo: true,
        confirmado: true,
        createdAt: desde(i),
        updatedAt: desde(i),
      })),
    )
    .returning({ id: usuarios.id, email: usuarios.email });
  const usuarioDe = new Map(contas.map((r) => [r.email, r.id]));
  const cadastros = await tx
    .insert(clientes)
    .values(
      DEMO_COMPRADORES.map((c, i) => ({
        usuarioId: usuarioDe.get(c.email)!,
        juridica: c.juridica,
        nome: c.juridica ? null : c.nome,
        cpf: c.cpf,
        razaoSocial: c.juridica ? c.nome : null,
        cnpj: c.cnpj,
        inscricaoEstadual: c.inscricaoEstadual,
        telefone: c.telefone,
        croNumero: c.cro.numero,
        croUf: c.cro.uf,
        createdAt: desde(i),
        updatedAt: desde(i),
      })),
    )
    .returning({ id: clientes.id, usuarioId: clientes.usuarioId });
  const clienteDeUsuario = new Map(cadastros.map((r) => [r.usuarioId, r.id]));
  const clienteIds = new Map(DEMO_COMPRADORES.map((c) => [c.slug, clienteDeUsuario.get(usuarioDe.get(c.email)!)!]));
  await tx
    .insert(enderecos)
    .values(DEMO_COMPRADORES.map((c) => ({ ...c.endereco, clienteId: clienteIds.get(c.slug)! })));
  // A buyer with the marketing opt-in and a bag kept on the server, left alone (ADR 034).
  const comSacola = clienteIds.get(DEMO_SACOLA.comprador)!;
  const paradaDesde = new Date(agora - DEMO_SACOLA.diasParada * DIA);
  await tx
    .update(clientes)
    .set({ ofertasEmail: true, ofertasEmailEm: desde(0) })
    .where(eq(clientes.id, comSacola));
  // The consent history (ADR 038): the bag's buyer gave it at sign-up; another buyer gave it and took it back through
  // an e-mail's unsubscribe link.
  const desistiu = [...clienteIds.values()].find((id) => id !== comSacola)!;
  await tx
    .update(clientes)
    .set({ ofertasEmailEm: desde(1) })
    .where(eq(clientes.id, desistiu));
  await tx.insert(consentimentos).values([
    {
      clienteId: comSacola,
      finalidade: 'ofertas_email',
      concedido: true,
      versaoTexto: VERSAO_TEXTO_OFERTAS,
      origem: 'cadastro',
      quando: desde(0),
    },
    {
      clienteId: desistiu,
      finalidade: 'ofertas_email',
      concedido: true,
      versaoTexto: VERSAO_TEXTO_OFERTAS,
      origem: 'cadastro',
      quando: desde(3),
    },
    {
      clienteId: desistiu,
      finalidade: 'ofertas_email',
      concedido: false,
      versaoTexto: VERSAO_TEXTO_OFERTAS,
      origem: 'descadastro',
      quando: desde(1),
    },
  ]);
  await tx.insert(sacolas).values({
    clienteId: comSacola,
    itens: DEMO_SACOLA.itens.map((i) => ({ produtoId: opts.produtoIds.get(i.slug)!, quantidade: i.quantidade })),
    versao: 1,
    atualizadaEm: paradaDesde,
  });
  await tx.insert(catalogoEnderecos).values(
    DEMO_COMPRADORES.map((c) => ({
      ...c.endereco,
      clienteId: clienteIds.get(c.slug)!,
      nome: MSG_ENDERECOS.nomeCadastro,
      padrao: true,
      cadastro: true,
    })),
  );

  const vendas = gerarDemoVendas({ ...opts, clienteIds });
  const gravados = await tx
    .insert(pedidos)
    .values(vendas.map((v) => v.pedido))
    .returning({ id: pedidos.id, createdAt: pedidos.createdAt });
  // Every demo order has its own instant: the key back to its rows.
  const idDe = new Map(gravados.map((r) => [r.createdAt.getTime(), r.id]));
  const ids = vendas.map((v) => {
    const id = idDe.get(v.pedido.createdAt.getTime());
    if (id === undefined) throw new Error('Pedido de demonstração não gravado');
    return id;
  });
  await tx
    .insert(pedidoItens)
    .values(vendas.flatMap((v, i) => v.itens.map((item) => ({ ...item, pedidoId: ids[i]! }))));
  await tx
    .insert(pedidoEnderecosEntrega)
    .values(vendas.flatMap((v, i) => (v.endereco ? [{ ...v.endereco, pedidoId: ids[i]! }] : [])));
  await tx.insert(pagamentos).values(
    vendas.map((v, i) => ({
      ...v.pagamento,
      pedidoId: ids[i]!,
      provedor: 'sandbox' as const,
    })),
  );
  await tx.insert(sandboxPagamentos).values(
    vendas.map((v, i) => ({
      id: v.pagamento.providerId,
      tipo: v.pagamento.tipo,
      status: v.pagamento.status,
      statusDetalhe: v.pagamento.statusDetalhe,
      valor: v.pagamento.valor,
      referencia: String(ids[i]),
      chave: v.pagamento.chaveProvedor,
      expiraEm: v.pagamento.expiraEm,
      paymentMethodId: v.pagamento.paymentMethodId,
      lastFour: v.pagamento.lastFour,
      aprovadoEm: v.pagamento.aprovadoEm,
      createdAt: v.pagamento.createdAt,
      updatedAt: v.pagamento.updatedAt,
    })),
  );
  await tx
    .insert(pedidoHistorico)
    .values(vendas.flatMap((v, i) => v.historico.map((h) => ({ ...h, pedidoId: ids[i]! }))));
}

/**
 * Data generation, kept in one file over 400 lines: its generators (products, clients, orders with their items,
 * payments and history) share one seeded random stream and one set of ids, and are read top to bottom as the
 * shape of the generated store.
 *
 * A generated store for the benchmarks (README, "Desempenho"): on top of
 * the demo data, --produtos (10,000) active products with pt-BR names,
 * descriptions, categories and image records, --clientes (2,000) clients with
 * valid CPF/CNPJ, unique e-mails and an address, and --pedidos (20,000) orders
 * over the past six months with items, payments, delivery addresses and
 * history along the paths the store itself produces. Deterministic (fixed
 * seeds: the same rows on every database), bulk INSERTs (`unnest` of arrays).
 *
 *   node bench/generate-data.mjs --pg postgres://postgres@127.0.0.1:5432/<banco>
 *   node bench/generate-data.mjs --data-dir /tmp/dados      # PGlite in <dir>/pglite, as the store opens it
 *   node bench/generate-data.mjs … --produtos 1000 --clientes 200 --pedidos 2000
 *
 * It migrates and seeds the database as the store does on start (demo data and
 * media into --data-dir), then adds the generated rows; run it before the store
 * starts on that database (PGlite is single-process). The generated clients sign
 * in with the demo buyers' password (DEMO_COMPRADOR_SENHA, `cliente123`); their
 * e-mails are `bench.<n>.…@example.com`. Images: every generated product points
 * at the demo images of its category (`imagens` rows and files the seed made),
 * so the catalogue's joins and the web pages find real images.
 *
 * Also the catalogue generator of bench/search.mjs (`catalogo`, `prng`).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------------------
// A deterministic catalogue

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
export function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Product kinds and their category slug (CATEGORIAS below). */
const TIPOS = [
  ['Escova dental', 'higiene'],
  ['Escova interdental', 'higiene'],
  ['Fio dental', 'higiene'],
  ['Fita dental', 'higiene'],
  ['Creme dental', 'higiene'],
  ['Enxaguante bucal', 'higiene'],
  ['Gel dental infantil', 'higiene'],
  ['Resina composta', 'restauradores'],
  ['Adesivo dentinário', 'restauradores'],
  ['Ácido fosfórico 37%', 'restauradores'],
  ['Cimento de ionômero de vidro', 'restauradores'],
  ['Luvas de procedimento em nitrilo', 'descartaveis'],
  ['Luvas de látex', 'descartaveis'],
  ['Máscara tripla', 'descartaveis'],
  ['Touca descartável', 'descartaveis'],
  ['Sugador descartável', 'descartaveis'],
  ['Babador impermeável', 'descartaveis'],
  ['Espelho bucal', 'instrumentais'],
  ['Sonda exploradora', 'instrumentais'],
  ['Pinça clínica', 'instrumentais'],
  ['Cureta periodontal Gracey', 'instrumentais'],
  ['Lima endodôntica rotatória', 'endodontia'],
  ['Cone de guta-percha', 'endodontia'],
  ['Cimento endodôntico', 'endodontia'],
  ['Broca diamantada', 'instrumentais'],
  ['Anestésico local com vasoconstritor', 'descartaveis'],
  ['Agulha gengival', 'descartaveis'],
  ['Gaze estéril', 'descartaveis'],
  ['Rolete de algodão', 'descartaveis'],
  ['Matriz metálica', 'restauradores'],
  ['Gel clareador peróxido de carbamida', 'clareamento'],
  ['Kit clareamento caseiro', 'clareamento'],
  ['Moldeira de silicone', 'clareamento'],
  ['Alginato tipo II', 'protese'],
  ['Silicone de condensação', 'protese'],
  ['Gesso especial tipo IV', 'protese'],
  ['Bráquete metálico', 'ortodontia'],
  ['Fio ortodôntico de níquel-titânio', 'ortodontia'],
  ['Elástico ortodôntico', 'ortodontia'],
  ['Pasta profilática', 'higiene'],
  ['Verniz fluoretado', 'higiene'],
  ['Envelope para autoclave', 'biosseguranca'],
  ['Indicador biológico', 'biosseguranca'],
  ['Desinfetante hospitalar', 'biosseguranca'],
  ['Curso de harmonização orofacial', 'cursos'],
  ['Curso de toxina botulínica', 'cursos'],
  ['Curso de preenchimento labial', 'cursos'],
  ['Curso de endodontia', 'cursos-clinicos'],
  ['Curso de restaurações estéticas', 'cursos-clinicos'],
  ['Curso de gestão do consultório', 'cursos-clinicos'],
];
const ATRIBUTOS = [
  'ultramacia',
  'macia',
  'média',
  'extrafina',
  'com flúor',
  'sem álcool',
  'sabor menta',
  'adulto',
  'nº 5',
  'nº 15',
  'nº 25',
  'tamanho P',
  'tamanho M',
  'tamanho G',
  'cor A2',
  'cor A3',
  'autoclavável',
  'estéril',
  'com cera',
  'avançado',
  'para iniciantes',
  'com certificado',
];
const MARCAS = [
  'Sorriso Pleno',
  'OdontoMax',
  'DentalPrime',
  'BioDente',
  'OralCare',
  'Dentisul',
  'ProOdonto',
  'Vita Oral',
  'Clínica Ideal',
  'São Lucas',
];
const EMBALAGENS = ['— caixa com 100', '— kit com 6', '— pacote com 40', '50 m', '90 g', '500 ml', '4 g', '', '', ''];
const FRASES = [
  'Indicado para uso diário no consultório e em casa.',
  'Produto registrado na Anvisa, com garantia do fabricante.',
  'Alta resistência e acabamento de precisão.',
  'Aulas em vídeo, apostila em PDF e certificado de conclusão.',
  'Embalagem individual, pronta para esterilização.',
  'Recomendado pelos nossos dentistas para gengivas sensíveis.',
  'Ideal para procedimentos estéticos e restauradores.',
  'Fórmula sem parabenos, com sabor suave.',
];

/** `total` products: name (≤ 150), description, price in reais, category slug, digital. */
export function catalogo(total) {
  const rnd = prng(20260701);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const out = [];
  for (let i = 0; i < total; i++) {
    const [tipo, categoria] = pick(TIPOS);
    const nome = `${tipo} ${pick(ATRIBUTOS)} ${pick(MARCAS)} ${pick(EMBALAGENS)}`.replace(/\s+/g, ' ').trim();
    out.push({
      nome: `${nome} ${i + 1}`.slice(0, 150),
      descricao: `${pick(FRASES)} ${pick(FRASES)}`,
      preco: (500 + Math.floor(rnd() * 90_000)) / 100,
      categoria,
      digital: categoria.startsWith('cursos'),
    });
  }
  return out;
}

/**
 * The category of each slug: a demo category (by name) or a new one, and the
 * demo category whose images its products show.
 */
const CATEGORIAS = {
  higiene: { nome: 'Escovas e higiene', imagensDe: 'Escovas e higiene' },
  instrumentais: { nome: 'Instrumentais', imagensDe: 'Instrumentais' },
  descartaveis: { nome: 'Descartáveis', imagensDe: 'Descartáveis' },
  clareamento: { nome: 'Clareamento', imagensDe: 'Clareamento' },
  restauradores: { nome: 'Materiais restauradores', imagensDe: 'Materiais restauradores' },
  endodontia: { nome: 'Endodontia', imagensDe: 'Instrumentais', nova: true },
  protese: { nome: 'Prótese e moldagem', imagensDe: 'Materiais restauradores', nova: true },
  ortodontia: { nome: 'Ortodontia', imagensDe: 'Instrumentais', nova: true },
  biosseguranca: { nome: 'Biossegurança', imagensDe: 'Descartáveis', nova: true },
  cursos: { nome: 'Cursos de harmonização', imagensDe: 'Cursos de harmonização', digital: true },
  'cursos-clinicos': { nome: 'Cursos clínicos', imagensDe: 'Cursos clínicos', digital: true },
};

// ---------------------------------------------------------------------------
// Clients

const PRENOMES = [
  'Ana', 'Beatriz', 'Camila', 'Daniela', 'Eduarda', 'Fernanda', 'Gabriela', 'Helena', 'Isabela', 'Juliana',
  'Larissa', 'Mariana', 'Natália', 'Patrícia', 'Rafaela', 'Sofia', 'Tatiane', 'Vitória', 'Luíza', 'Carolina',
  'André', 'Bruno', 'Carlos', 'Diego', 'Eduardo', 'Felipe', 'Gustavo', 'Henrique', 'Igor', 'João',
  'Lucas', 'Marcelo', 'Nicolas', 'Otávio', 'Paulo', 'Rafael', 'Sérgio', 'Thiago', 'Vinícius', 'José',
]; // prettier-ignore
const SOBRENOMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Monteiro', 'Mota', 'Cavalcanti', 'Brandão',
]; // prettier-ignore
const FANTASIAS = [
  'Sorriso', 'Odonto Vida', 'Dente Forte', 'Bem Estar Oral', 'Arte Dental', 'Odonto Center', 'Clínica do Sorriso',
  'Sorrir Mais', 'Oral Prime', 'Dental Care',
]; // prettier-ignore
const LOGRADOUROS = [
  'Rua das Flores', 'Avenida Brasil', 'Rua São João', 'Rua XV de Novembro', 'Avenida Getúlio Vargas',
  'Rua Sete de Setembro', 'Rua Tiradentes', 'Avenida Santos Dumont', 'Rua Dom Pedro II', 'Rua da Paz',
  'Avenida Rio Branco', 'Rua Marechal Deodoro', 'Rua Bahia', 'Rua Minas Gerais', 'Avenida Independência',
]; // prettier-ignore
const BAIRROS = ['Centro', 'Jardim América', 'Vila Nova', 'Boa Vista', 'Santa Cecília', 'Aldeota', 'Savassi',
  'Batel', 'Moinhos de Vento', 'Pituba', 'Boa Viagem', 'Setor Bueno', 'Asa Norte', 'Trindade', 'Jardim Camburi']; // prettier-ignore
/** IBGE code, UF code and initials, CEP range (5-digit prefixes) of the cities the clients live in. */
const CIDADES = [
  [3550308, 35, 'SP', 1000, 5999, 30],
  [3304557, 33, 'RJ', 20000, 23799, 14],
  [3106200, 31, 'MG', 30000, 31999, 8],
  [4106902, 41, 'PR', 80000, 82999, 6],
  [4314902, 43, 'RS', 90000, 91999, 6],
  [2927408, 29, 'BA', 40000, 42599, 6],
  [2611606, 26, 'PE', 50000, 52999, 5],
  [2304400, 23, 'CE', 60000, 61599, 5],
  [5208707, 52, 'GO', 74000, 74899, 4],
  [5300108, 53, 'DF', 70000, 72799, 5],
  [3509502, 35, 'SP', 13000, 13139, 5],
  [4205407, 42, 'SC', 88000, 88099, 3],
  [1302603, 13, 'AM', 69000, 69099, 2],
  [1501402, 15, 'PA', 66000, 66999, 2],
  [3205309, 32, 'ES', 29000, 29099, 2],
];

/** Check digits of a CPF (9 digits) or CNPJ (12 digits), as the Receita computes them. */
function comDigitos(base, pesos) {
  let digits = base;
  for (const p of pesos) {
    const soma = [...digits].reduce((s, c, i) => s + Number(c) * p[i], 0);
    const resto = soma % 11;
    digits += String(resto < 2 ? 0 : 11 - resto);
  }
  return digits;
}
const cpfDe = (n) =>
  comDigitos(String(n).padStart(9, '0'), [
    [10, 9, 8, 7, 6, 5, 4, 3, 2],
    [11, 10, 9, 8, 7, 6, 5, 4, 3, 2],
  ]);
const cnpjDe = (n) =>
  comDigitos(`${String(n).padStart(8, '0')}0001`, [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]);
const semAcento = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');

// ---------------------------------------------------------------------------
// Writing

const MINUTO = 60_000;
const HORA = 60 * MINUTO;
const DIA = 24 * HORA;

/** INSERT of many rows in one statement per batch: `unnest` of one array per column. */
async function inserir(database, tabela, colunas, linhas, lote = 5000) {
  const nomes = Object.keys(colunas);
  for (let i = 0; i < linhas.length; i += lote) {
    const parte = linhas.slice(i, i + lote);
    const arrays = nomes.map((_, c) => parte.map((l) => l[c] ?? null));
    await database.raw(
      `INSERT INTO ${tabela} (${nomes.map((n) => `"${n}"`).join(', ')})
       SELECT * FROM unnest(${nomes.map((n, c) => `$${c + 1}::${colunas[n]}[]`).join(', ')})`,
      arrays,
    );
  }
}

/** The next ids of a serial table (rows are written with explicit ids; the sequence follows at the end). */
async function proximoId(database, tabela) {
  const [row] = await database.raw(`SELECT coalesce(max(id), 0)::int AS id FROM ${tabela}`);
  return Number(row.id) + 1;
}
const acertarSequencia = (database, tabela) =>
  database.raw(`SELECT setval(pg_get_serial_sequence('${tabela}', 'id'), (SELECT max(id) FROM ${tabela}))`);

/** The address columns, the same in a client's address and an order's delivery address (rows in this order). */
const COLUNAS_ENDERECO = {
  cep: 'text',
  logradouro: 'text',
  numero: 'text',
  complemento: 'text',
  bairro: 'text',
  municipio_id: 'int',
  uf_id: 'int',
};

/**
 * Adds the generated rows to a migrated and seeded database (`Database` of
 * apps/api/src/db/client.ts). Returns what it wrote.
 */
export async function gerarDados(database, { produtos = 10_000, clientes = 2_000, pedidos = 20_000, log = () => {} }) {
  const rnd = prng(0xbe4c12);
  const inteiro = (min, max) => min + Math.floor(rnd() * (max - min + 1));
  const escolher = (lista) => lista[Math.floor(rnd() * lista.length)];
  const agora = Date.now();
  const t0 = Date.now();
  const iso = (ms) => new Date(ms).toISOString();

  const [{ n: jaGerado }] = await database.raw(
    "SELECT count(*)::int AS n FROM usuarios WHERE email LIKE 'bench.%@example.com'",
  );
  if (Number(jaGerado) > 0) throw new Error('Este banco já tem os dados gerados do bench.');

  // Categories: the demo ones by name, the new ones created here.
  const categoriaPorNome = new Map(
    (await database.raw('SELECT id, nome FROM categorias')).map((r) => [r.nome, Number(r.id)]),
  );
  for (const c of Object.values(CATEGORIAS)) {
    if (categoriaPorNome.has(c.nome)) continue;
    const [row] = await database.raw('INSERT INTO categorias (nome, digital) VALUES ($1, $2) RETURNING id', [
      c.nome,
      !!c.digital,
    ]);
    categoriaPorNome.set(c.nome, Number(row.id));
  }
  // The demo images of each demo category (the product cards' and the galleries').
  const imagensPorCategoria = new Map();
  for (const r of await database.raw(
    `SELECT c.nome, pi.path FROM produto_imagens pi
       JOIN produtos p ON p.id = pi.produto_id JOIN categorias c ON c.id = p.categoria_id
      WHERE NOT pi.imagem_site AND NOT p.brinde ORDER BY pi.path`,
  )) {
    if (!imagensPorCategoria.has(r.nome)) imagensPorCategoria.set(r.nome, []);
    imagensPorCategoria.get(r.nome).push(r.path);
  }
  for (const c of Object.values(CATEGORIAS)) {
    if (!imagensPorCategoria.get(c.imagensDe)?.length)
      throw new Error(`Sem imagens de demonstração na categoria ${c.imagensDe}: o banco tem os dados de demonstração?`);
  }

  // 1. Products (physical with weight and size for the freight; courses with a duration).
  const catalogoGerado = catalogo(produtos);
  const primeiroProduto = await proximoId(database, 'produtos');
  const linhasProduto = [];
  const linhasImagem = [];
  const produtosGerados = catalogoGerado.map((p, i) => {
    const id = primeiroProduto + i;
    const cat = CATEGORIAS[p.categoria];
    const imagens = imagensPorCategoria.get(cat.imagensDe);
    const destaque = imagens[i % imagens.length];
    const horas = inteiro(2, 23);
    const disponivel = p.digital || rnd() >= 0.04;
    const criado = agora - inteiro(30, 720) * DIA;
    linhasProduto.push([
      id,
      p.nome,
      p.descricao,
      p.preco.toFixed(2),
      p.digital,
      categoriaPorNome.get(cat.nome),
      p.digital ? `${String(horas).padStart(2, '0')}:00:00` : null,
      p.digital ? `${horas} horas` : null,
      p.digital ? null : (inteiro(10, 300) / 10).toFixed(2),
      p.digital ? null : (inteiro(10, 2000) / 1000).toFixed(3),
      p.digital ? null : (inteiro(10, 300) / 10).toFixed(2),
      p.digital ? null : (inteiro(100, 400) / 10).toFixed(2),
      disponivel,
      // Plenty of stock (ADR 032): P4's thousands of orders never run a product out; P9 sets its own product's.
      p.digital ? 0 : 1_000_000,
      destaque,
      iso(criado),
    ]);
    const galeria = inteiro(1, 3);
    for (let g = 0; g < galeria; g++)
      linhasImagem.push([id, `${p.nome} — imagem ${g + 1}`.slice(0, 255), imagens[(i + g) % imagens.length], g + 1]);
    return {
      id,
      nome: p.nome,
      preco: Math.round(p.preco * 100),
      digital: p.digital,
      disponivel,
      linha: linhasProduto.at(-1),
    };
  });
  await inserir(
    database,
    'produtos',
    {
      id: 'int',
      nome: 'text',
      descricao: 'text',
      preco: 'numeric',
      digital: 'bool',
      categoria_id: 'int',
      tempo_estimado: 'text',
      duracao: 'text',
      altura: 'numeric',
      peso: 'numeric',
      largura: 'numeric',
      comprimento: 'numeric',
      disponivel: 'bool',
      estoque: 'int',
      path_img_destaque: 'text',
      created_at: 'timestamptz',
    },
    linhasProduto,
    2000,
  );
  await acertarSequencia(database, 'produtos');
  await inserir(
    database,
    'produto_imagens',
    { produto_id: 'int', nome: 'text', path: 'text', ordem: 'int' },
    linhasImagem,
  );
  log(`${produtos} produtos (${linhasImagem.length} imagens de galeria) em ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // 2. Clients: users (the demo buyers' password hash), customers (PF with CPF, PJ with CNPJ), addresses.
  const t1 = Date.now();
  const [modelo] = await database.raw(
    `SELECT u.senha_hash, u.permissao_id FROM usuarios u JOIN clientes c ON c.usuario_id = u.id
      WHERE u.ativo AND u.confirmado ORDER BY u.id LIMIT 1`,
  );
  const cidadesValidas = new Set(
    (await database.raw('SELECT id FROM municipios WHERE id = ANY($1::int[])', [CIDADES.map((c) => c[0])])).map((r) =>
      Number(r.id),
    ),
  );
  for (const c of CIDADES) if (!cidadesValidas.has(c[0])) throw new Error(`Município ${c[0]} não encontrado`);
  const pesoCidades = CIDADES.reduce((s, c) => s + c[5], 0);
  const cidade = () => {
    let r = rnd() * pesoCidades;
    for (const c of CIDADES) if ((r -= c[5]) < 0) return c;
    return CIDADES[0];
  };
  const primeiroUsuario = await proximoId(database, 'usuarios');
  const primeiroCliente = await proximoId(database, 'clientes');
  const usuarios = [];
  const cadastros = [];
  const enderecos = [];
  const clientesGerados = [];
  for (let i = 0; i < clientes; i++) {
    const juridica = rnd() < 0.15;
    const pessoa = `${escolher(PRENOMES)} ${escolher(SOBRENOMES)} ${escolher(SOBRENOMES)}`;
    const nome = juridica ? `Clínica Odontológica ${escolher(FANTASIAS)} ${escolher(SOBRENOMES)} Ltda.` : pessoa;
    const email = `bench.${i + 1}.${semAcento(pessoa)}@example.com`;
    const [municipio, uf, sigla, cepMin, cepMax] = cidade();
    const telefone = `${String(inteiro(11, 99))}9${String(inteiro(0, 99_999_999)).padStart(8, '0')}`;
    const desde = agora - inteiro(190, 900) * DIA;
    const uid = primeiroUsuario + i;
    const cid = primeiroCliente + i;
    // Documents far from the demo ones (which start with small numbers): 9xx… and 8x… bases.
    const cpf = juridica ? null : cpfDe(900_000_000 + i * 37);
    const cnpj = juridica ? cnpjDe(80_000_000 + i * 13) : null;
    usuarios.push([uid, nome, email, modelo.senha_hash, modelo.permissao_id, iso(desde)]);
    cadastros.push([
      cid,
      uid,
      juridica,
      juridica ? null : nome,
      cpf,
      juridica ? nome : null,
      cnpj,
      telefone,
      iso(desde),
    ]);
    const endereco = {
      cep: `${String(inteiro(cepMin, cepMax)).padStart(5, '0')}${String(inteiro(0, 999)).padStart(3, '0')}`,
      logradouro: escolher(LOGRADOUROS),
      numero: String(inteiro(1, 3000)),
      complemento: rnd() < 0.4 ? `Sala ${inteiro(1, 1200)}` : null,
      bairro: escolher(BAIRROS),
      municipio,
      uf,
    };
    enderecos.push([
      cid,
      endereco.cep,
      endereco.logradouro,
      endereco.numero,
      endereco.complemento,
      endereco.bairro,
      municipio,
      uf,
    ]);
    clientesGerados.push({ id: cid, nome, email, telefone, documento: cpf ?? cnpj, sigla, juridica, endereco, desde });
  }
  await inserir(
    database,
    'usuarios',
    { id: 'int', nome: 'text', email: 'text', senha_hash: 'text', permissao_id: 'int', created_at: 'timestamptz' },
    usuarios.map((u) => u),
  );
  await database.raw(
    "UPDATE usuarios SET ativo = true, confirmado = true, updated_at = created_at WHERE email LIKE 'bench.%@example.com'",
  );
  await acertarSequencia(database, 'usuarios');
  await inserir(
    database,
    'clientes',
    {
      id: 'int',
      usuario_id: 'int',
      juridica: 'bool',
      nome: 'text',
      cpf: 'text',
      razao_social: 'text',
      cnpj: 'text',
      telefone: 'text',
      created_at: 'timestamptz',
    },
    cadastros,
  );
  await acertarSequencia(database, 'clientes');
  await inserir(
    database,
    'enderecos',
    {
      cliente_id: 'int',
      ...COLUNAS_ENDERECO,
    },
    enderecos,
  );
  log(`${clientes} clientes em ${((Date.now() - t1) / 1000).toFixed(1)} s`);

  // 3. Orders over the past 180 days (more recent ones), each along a path the store produces.
  const t2 = Date.now();
  const { CORREIOS, SERVICOS_LOCAIS, TABELA_FRETE, pesoTaxavelGramas, precoDaFaixa, zonaDoDestino } = await import(
    path.join(ROOT, 'apps/api/src/integrations/freight/local-freight-table.ts')
  );
  const [{ id: equipeId }] = await database.raw(
    "SELECT u.id FROM usuarios u JOIN permissoes p ON p.id = u.permissao_id WHERE p.nome IN ('USUARIO', 'ADMIN') AND u.ativo ORDER BY p.nome DESC, u.id LIMIT 1",
  );
  const fisicos = produtosGerados.filter((p) => !p.digital && p.disponivel);
  const cursos = produtosGerados.filter((p) => p.digital);
  const primeiroPedido = await proximoId(database, 'pedidos');
  const linhasPedido = [];
  const linhasItem = [];
  const linhasEndereco = [];
  const linhasPagamento = [];
  const linhasHistorico = [];
  const linhasAvaliacao = [];
  const avaliados = new Set();
  const hex = (n) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
  const momentos = Array.from({ length: pedidos }, () => agora - Math.floor(180 * DIA * rnd() ** 1.5) - HORA).sort(
    (a, b) => a - b,
  );
  const situacoes = {};
  momentos.forEach((criado, n) => {
    const id = primeiroPedido + n;
    // A few clients buy a lot (clinics), most a little.
    const c = clientesGerados[Math.floor(clientes * rnd() ** 2)];
    const itens = [];
    if (cursos.length && rnd() < 0.2) {
      const k = escolher(cursos);
      itens.push({ p: k, quantidade: 1 });
    }
    if (!itens.length || rnd() < 0.3) {
      const quantos = inteiro(1, c.juridica ? 5 : 3);
      const escolhidos = new Set();
      while (escolhidos.size < quantos) escolhidos.add(escolher(fisicos));
      for (const p of escolhidos) itens.push({ p, quantidade: inteiro(1, c.juridica ? 6 : 2) });
    }
    const valorProdutos = itens.reduce((s, i) => s + i.p.preco * i.quantidade, 0);
    const fisicosDoPedido = itens.filter((i) => !i.p.digital);
    let valorFrete = 0;
    let servico = null;
    let prazo = null;
    if (fisicosDoPedido.length) {
      servico = rnd() < 0.7 ? SERVICOS_LOCAIS[0] : SERVICOS_LOCAIS[1];
      const faixa = TABELA_FRETE[zonaDoDestino('SP', c.sigla)][servico.chave];
      const { taxavel } = pesoTaxavelGramas(
        fisicosDoPedido.map(({ p, quantidade }) => ({
          quantidade,
          alturaCm: Number(p.linha[8]),
          pesoKg: Number(p.linha[9]),
          larguraCm: Number(p.linha[10]),
          comprimentoCm: Number(p.linha[11]),
        })),
      );
      valorFrete = precoDaFaixa(faixa, taxavel);
      prazo = faixa.prazo.max;
    }
    const valorTotal = valorProdutos + valorFrete;
    const dias = (agora - criado) / DIA;
    const sorte = rnd();
    const destino =
      dias < 2 && sorte < 0.3 ? 'pendente' : sorte < 0.07 ? 'cancelado' : sorte < 0.12 ? 'recusado' : 'pago';
    const tipo = destino === 'recusado' ? 'credit' : destino === 'pago' ? (rnd() < 0.55 ? 'pix' : 'credit') : 'pix';
    const historico = [[null, 'PENDENTE', 'CLIENTE', c.id, criado]];
    let situacao = 'PENDENTE';
    let pagamento;
    let canceladoEm = null;
    let enviadoEm = null;
    let entregueEm = null;
    let rastreio = null;
    const aprovacao = criado + (tipo === 'pix' ? inteiro(1, 9) * MINUTO : inteiro(3, 20) * 1000);
    const envio = aprovacao + inteiro(1, 3) * DIA + inteiro(0, 8) * HORA;
    const entrega = envio + ((prazo ?? 0) + inteiro(0, 3)) * DIA;
    if (destino === 'pago') {
      situacao = 'PAGO';
      pagamento = ['approved', 'accredited', aprovacao];
      historico.push(['PENDENTE', 'PAGO', 'SISTEMA', null, aprovacao]);
      if (fisicosDoPedido.length && envio < agora - HORA) {
        situacao = 'ENVIADO';
        enviadoEm = envio;
        rastreio = `${servico.chave === 'SEDEX' ? 'OY' : 'QB'}${String(inteiro(0, 99_999_999)).padStart(8, '0')}5BR`;
        historico.push(['PAGO', 'ENVIADO', 'USUARIO', equipeId, envio]);
        if (entrega < agora - HORA) {
          situacao = 'ENTREGUE';
          entregueEm = entrega;
          historico.push(['ENVIADO', 'ENTREGUE', 'USUARIO', equipeId, entrega]);
        }
      }
    } else if (destino === 'recusado') {
      situacao = 'RECUSADO';
      pagamento = ['rejected', 'cc_rejected_insufficient_amount', criado + 5000];
      historico.push(['PENDENTE', 'RECUSADO', 'SISTEMA', null, criado + 5000]);
    } else {
      pagamento = ['cancelled', 'expired', criado + 10 * MINUTO];
      if (destino === 'cancelado') {
        situacao = 'CANCELADO';
        canceladoEm = Math.min(criado + inteiro(30, 24 * 60) * MINUTO, agora - MINUTO);
        historico.push(['PENDENTE', 'CANCELADO', 'CLIENTE', c.id, canceladoEm]);
      }
    }
    situacoes[situacao] = (situacoes[situacao] ?? 0) + 1;
    const atualizado = Math.max(...historico.map((h) => h[4]));
    linhasPedido.push([
      id,
      c.id,
      situacao,
      (valorProdutos / 100).toFixed(2),
      (valorFrete / 100).toFixed(2),
      (valorTotal / 100).toFixed(2),
      c.nome,
      c.telefone,
      c.nome,
      c.email,
      c.telefone,
      c.documento,
      servico?.id ?? null,
      servico?.name ?? null,
      servico ? CORREIOS.name : null,
      prazo,
      canceladoEm === null ? null : iso(canceladoEm),
      rastreio,
      enviadoEm === null ? null : iso(enviadoEm),
      entregueEm === null ? null : iso(entregueEm),
      iso(criado),
      iso(atualizado),
    ]);
    for (const { p, quantidade } of itens)
      linhasItem.push([
        id,
        p.id,
        p.nome,
        quantidade,
        (p.preco / 100).toFixed(2),
        ((p.preco * quantidade) / 100).toFixed(2),
        p.digital,
      ]);
    if (fisicosDoPedido.length) {
      const e = c.endereco;
      linhasEndereco.push([id, e.cep, e.logradouro, e.numero, e.complemento, e.bairro, e.municipio, e.uf]);
    }
    linhasPagamento.push([
      id,
      tipo,
      pagamento[0],
      pagamento[1],
      `bench-${hex(24)}`,
      (valorTotal / 100).toFixed(2),
      tipo === 'pix' ? iso(criado + 10 * MINUTO) : null,
      tipo === 'credit' ? String(inteiro(0, 9999)).padStart(4, '0') : null,
      tipo === 'pix' ? 'pix' : escolher(['visa', 'master', 'elo']),
      pagamento[0] === 'approved' ? iso(aprovacao) : null,
      iso(criado),
      iso(pagamento[2]),
      `bench-venda-${id}`,
    ]);
    for (const h of historico) linhasHistorico.push([id, h[0], h[1], h[2], h[3], iso(h[4])]);
    // One in four delivered orders gets a review of its first item (one per client and product).
    if (situacao === 'ENTREGUE' && rnd() < 0.25) {
      const p = itens[0].p;
      const chave = `${p.id}:${c.id}`;
      if (!avaliados.has(chave)) {
        avaliados.add(chave);
        const nota = escolher([5, 5, 5, 4.5, 4, 4, 3.5, 3, 2]);
        linhasAvaliacao.push([
          p.id,
          c.id,
          nota,
          nota >= 4 ? escolher(COMENTARIOS_BONS) : escolher(COMENTARIOS_RUINS),
          iso(entregueEm + DIA),
        ]);
      }
    }
  });
  await inserir(
    database,
    'pedidos',
    {
      id: 'int',
      cliente_id: 'int',
      situacao: 'text',
      valor_produtos: 'numeric',
      valor_frete: 'numeric',
      valor_total: 'numeric',
      nome_recebedor: 'text',
      telefone_recebedor: 'text',
      dados_nome: 'text',
      dados_email: 'text',
      dados_telefone: 'text',
      dados_documento: 'text',
      entrega_id_melhor_envio: 'int',
      entrega_servico: 'text',
      entrega_transportadora: 'text',
      entrega_prazo_dias: 'int',
      cancelado_em: 'timestamptz',
      codigo_rastreio: 'text',
      enviado_em: 'timestamptz',
      entregue_em: 'timestamptz',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    linhasPedido,
  );
  await acertarSequencia(database, 'pedidos');
  await inserir(
    database,
    'pedido_itens',
    {
      pedido_id: 'int',
      produto_id: 'int',
      produto_nome: 'text',
      quantidade: 'int',
      valor_unitario: 'numeric',
      valor_total: 'numeric',
      digital: 'bool',
    },
    linhasItem,
  );
  await inserir(
    database,
    'pedido_enderecos_entrega',
    {
      pedido_id: 'int',
      ...COLUNAS_ENDERECO,
    },
    linhasEndereco,
  );
  await inserir(
    database,
    'pagamentos',
    {
      pedido_id: 'int',
      tipo: 'text',
      status: 'text',
      status_detalhe: 'text',
      provider_id: 'text',
      valor: 'numeric',
      expira_em: 'timestamptz',
      last_four: 'text',
      payment_method_id: 'text',
      aprovado_em: 'timestamptz',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
      chave_provedor: 'text',
    },
    linhasPagamento,
  );
  await inserir(
    database,
    'pedido_historico',
    { pedido_id: 'int', de: 'text', para: 'text', quem: 'text', quem_id: 'int', quando: 'timestamptz' },
    linhasHistorico,
  );
  await inserir(
    database,
    'avaliacoes',
    { produto_id: 'int', cliente_id: 'int', nota: 'numeric', comentario: 'text', created_at: 'timestamptz' },
    linhasAvaliacao,
  );
  log(
    `${pedidos} pedidos (${linhasItem.length} itens, ${linhasAvaliacao.length} avaliações; ` +
      `${Object.entries(situacoes)
        .map(([s, n]) => `${s} ${n}`)
        .join(', ')}) em ${((Date.now() - t2) / 1000).toFixed(1)} s`,
  );
  // As autovacuum would after a bulk load: GIN pending lists merged, statistics fresh.
  await database.raw('VACUUM ANALYZE');
  return {
    produtos,
    clientes,
    pedidos,
    itens: linhasItem.length,
    avaliacoes: linhasAvaliacao.length,
    situacoes,
    segundos: (Date.now() - t0) / 1000,
    /** The first clients' e-mails (they sign in with DEMO_COMPRADOR_SENHA): the buyers of P4 and P9. */
    contas: clientesGerados.slice(0, 250).map((c) => c.email),
  };
}

const COMENTARIOS_BONS = [
  'Chegou rápido e bem embalado.',
  'Ótima qualidade, recomendo.',
  'Uso no consultório todos os dias.',
  'Melhor custo-benefício que encontrei.',
  'Conteúdo excelente, professores muito didáticos.',
];
const COMENTARIOS_RUINS = ['Demorou para chegar.', 'Esperava uma qualidade melhor.', 'A embalagem veio amassada.'];

// ---------------------------------------------------------------------------
// Command line

const principal = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (principal && !process.env.CLINICA_BENCH_GENERATE_CHILD) {
  // The app is TypeScript: run this file again under tsx, resolving @clinica/shared to its sources.
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, CLINICA_BENCH_GENERATE_CHILD: '1' } },
  );
  process.exit(r.status ?? 1);
} else if (principal) {
  const { values: opts } = parseArgs({
    options: {
      pg: { type: 'string' },
      'data-dir': { type: 'string' },
      produtos: { type: 'string', default: '10000' },
      clientes: { type: 'string', default: '2000' },
      pedidos: { type: 'string', default: '20000' },
    },
  });
  if (!opts['data-dir']) throw new Error('Informe --data-dir (mídia de demonstração; e o PGlite, sem --pg).');
  const { openDatabase } = await import(path.join(ROOT, 'apps/api/src/db/client.ts'));
  const { seedDatabase } = await import(path.join(ROOT, 'apps/api/src/db/seed/index.ts'));
  const { isValidCpf, isValidCnpj } = await import('@clinica/shared/documents');
  if (!isValidCpf(cpfDe(900_000_037)) || !isValidCnpj(cnpjDe(80_000_013))) throw new Error('CPF/CNPJ gerado inválido');
  const t = Date.now();
  const database = await openDatabase({
    url: opts.pg,
    pgliteDir: path.join(opts['data-dir'], 'pglite'),
    poolSize: 2,
  });
  const log = (m) => console.log(`[dados] ${m}`);
  try {
    await database.migrate();
    await seedDatabase(database, { dataDir: opts['data-dir'], log });
    log(`banco migrado e com os dados de demonstração em ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const r = await gerarDados(database, {
      produtos: Number(opts.produtos),
      clientes: Number(opts.clientes),
      pedidos: Number(opts.pedidos),
      log,
    });
    log(`pronto em ${((Date.now() - t) / 1000).toFixed(1)} s (${database.kind})`);
    if (process.env.CLINICA_BENCH_GENERATE_JSON) console.log(`@@${JSON.stringify(r)}`);
  } finally {
    await database.close();
  }
}

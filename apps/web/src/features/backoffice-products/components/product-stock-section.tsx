import { MSG_ESTOQUE_EQUIPE } from '@clinica/shared/messages-estoque-equipe';
import {
  MOTIVO_ESTOQUE_MAX,
  movimentoEstoqueInputSchema,
  type MovimentoEstoque,
  type TipoAjusteEstoque,
} from '@clinica/shared/schemas/estoque';
import { Boxes, SlidersHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PagedTable, type TableColumn } from '../../../components/backoffice/paged-table';
import { TablePill } from '../../../components/backoffice/table-parts';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { notifySuccess } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDayTime } from '../../../lib/format-date';
import { useEstoqueMovimentos, useMovimentarEstoque } from '../../../lib/backoffice/estoque';
import { FormSection } from './form-section';
import styles from './product-stock-section.module.css';

/** The kinds the staff choose, in words, with what the quantity means for each. */
const TIPOS: Record<TipoAjusteEstoque, { rotulo: string; quantidade: string; sucesso: string }> = {
  entrada: { rotulo: 'Entrada', quantidade: 'Unidades que chegaram', sucesso: MSG_ESTOQUE_EQUIPE.entradaRegistrada },
  ajuste: {
    rotulo: 'Ajuste (contagem)',
    quantidade: 'Quantidade contada',
    sucesso: MSG_ESTOQUE_EQUIPE.ajusteRegistrado,
  },
  perda: { rotulo: 'Perda', quantidade: 'Unidades perdidas', sucesso: MSG_ESTOQUE_EQUIPE.perdaRegistrada },
};

/** Every movement kind in words (the orders' and the staff's). */
const ROTULO_MOVIMENTO: Record<MovimentoEstoque['tipo'], string> = {
  reserva: 'Reserva',
  venda: 'Venda',
  liberacao: 'Liberação',
  devolucao: 'Devolução (desistência)',
  entrada: 'Entrada',
  ajuste: 'Ajuste',
  perda: 'Perda',
};

const RECENTES = 10;

const sinal = (n: number) => (n > 0 ? `+${n}` : String(n));

/** What a movement changed: the units on hand, or else the reserved ones ('reservado +2'). */
function mudanca(m: MovimentoEstoque) {
  if (m.deltaEstoque !== 0) {
    return <span className={m.deltaEstoque > 0 ? styles.positive : styles.negative}>{sinal(m.deltaEstoque)}</span>;
  }
  return <span>{`${sinal(m.deltaReservado)} reservado`}</span>;
}

function quem(m: MovimentoEstoque) {
  if (m.quemNome) return m.quemNome;
  if (m.quem === 'CLIENTE') return 'Cliente';
  if (m.quem === 'SISTEMA') return 'Sistema';
  return m.quem === 'ADMIN' ? 'Gerente' : 'Equipe';
}

const COLUNAS: readonly TableColumn<MovimentoEstoque>[] = [
  { header: 'Data', cell: (m) => formatDayTime(m.quando), nowrap: true, muted: true },
  { header: 'Tipo', cell: (m) => ROTULO_MOVIMENTO[m.tipo] },
  { header: 'Quantidade', cell: mudanca, numeric: true, align: 'end' },
  {
    header: 'Pedido ou motivo',
    cell: (m) =>
      m.pedidoId !== null ? (
        <Link to={`/orders?idPedido=${m.pedidoId}`}>{`Pedido #${m.pedidoId}`}</Link>
      ) : (
        (m.motivo ?? '—')
      ),
    grow: true,
    from: 768,
  },
  { header: 'Quem', cell: quem, from: 768, muted: true },
];

/**
 * The 'Estoque' section of a physical product's edit screen (docs/behaviour/back-office.md#stock, ADR 032): units on
 * hand, reserved by unpaid orders and available, the 'Estoque mínimo'; 'Ajustar estoque' (an entrada, an ajuste to
 * the counted quantity, a perda; a reason for the last two), whatever the form's lock; and the recent movements. Its
 * own form, outside the product's.
 */
export function ProductStockSection({ produtoId }: { produtoId: number }) {
  const [page, setPage] = useState(0);
  const movimentos = useEstoqueMovimentos(produtoId, page, RECENTES);
  const [aberto, setAberto] = useState(false);
  const data = movimentos.data;
  const e = data?.estoque;
  const baixo = e !== undefined && e.disponiveis <= e.estoqueMinimo;

  return (
    <div className={styles.wrap}>
      <FormSection
        title="Estoque"
        description="Unidades na loja, reservadas por pedidos ainda não pagos e disponíveis para venda."
        icon={<Boxes size={18} />}
        testId="product-stock"
      >
        {!e ? (
          movimentos.isPending ? (
            <LoadingBlock />
          ) : (
            <p className={styles.error}>{errorMessage(movimentos.error)}</p>
          )
        ) : (
          <>
            <div className={styles.headRow}>
              {baixo ? (
                <TablePill tone="danger">{e.disponiveis === 0 ? 'Esgotado' : 'Estoque baixo'}</TablePill>
              ) : (
                <TablePill tone="success">Estoque em dia</TablePill>
              )}
              {!aberto && (
                <Button variant="outline" size="sm" onClick={() => setAberto(true)}>
                  <SlidersHorizontal size={16} aria-hidden="true" />
                  Ajustar estoque
                </Button>
              )}
            </div>
            <dl className={styles.figures} aria-label="Estoque do produto">
              <Figura rotulo="Em estoque" valor={e.estoque} />
              <Figura rotulo="Reservado" valor={e.reservado} />
              <Figura rotulo="Disponível" valor={e.disponiveis} baixo={baixo} />
              <Figura rotulo="Estoque mínimo" valor={e.estoqueMinimo} />
            </dl>
            {aberto && (
              <AdjustForm
                produtoId={produtoId}
                estoque={e.estoque}
                reservado={e.reservado}
                onDone={() => {
                  setAberto(false);
                  setPage(0);
                }}
              />
            )}
            <h3 className={styles.subtitle}>Movimentos recentes</h3>
            {data.listaMovimento.length === 0 ? (
              <p className={styles.error}>Nenhum movimento ainda.</p>
            ) : (
              <PagedTable
                caption="Movimentos de estoque do produto"
                columns={COLUNAS}
                rows={data.listaMovimento}
                rowKey={(m) => m.id}
                rowTestId="stock-movement"
                stale={movimentos.isPlaceholderData}
                {...(data.totalPaginas > 1 && {
                  pagination: {
                    page: data.page,
                    totalPages: data.totalPaginas,
                    totalItems: data.totalRegistros,
                    pageSize: RECENTES,
                    onPageChange: setPage,
                  },
                })}
              />
            )}
          </>
        )}
      </FormSection>
    </div>
  );
}

function Figura({ rotulo, valor, baixo = false }: { rotulo: string; valor: number; baixo?: boolean }) {
  return (
    <div className={`${styles.figure} ${baixo ? styles.low : ''}`}>
      <dt>{rotulo}</dt>
      <dd>{valor.toLocaleString('pt-BR')}</dd>
    </div>
  );
}

/** 'Ajustar estoque': the kind, the quantity and the reason, checked by the shared rules before it is sent. */
function AdjustForm({
  produtoId,
  estoque,
  reservado,
  onDone,
}: {
  produtoId: number;
  estoque: number;
  reservado: number;
  onDone: () => void;
}) {
  const movimentar = useMovimentarEstoque(produtoId);
  const [tipo, setTipo] = useState<TipoAjusteEstoque>('entrada');
  const [quantidade, setQuantidade] = useState('');
  const [motivo, setMotivo] = useState('');
  const [erros, setErros] = useState<{ quantidade?: string; motivo?: string; geral?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const texto = quantidade.trim();
    const corpo = { tipo, quantidade: /^\d+$/.test(texto) ? Number(texto) : Number.NaN, motivo: motivo.trim() || null };
    const checado = movimentoEstoqueInputSchema.safeParse(corpo);
    const proximos: typeof erros = {};
    if (!checado.success) {
      for (const issue of checado.error.issues) {
        const campo = issue.path[0] === 'motivo' ? 'motivo' : 'quantidade';
        proximos[campo] ??= issue.message;
      }
    }
    if (!proximos.quantidade) {
      const q = corpo.quantidade;
      const depois = tipo === 'entrada' ? estoque + q : tipo === 'perda' ? estoque - q : q;
      if (depois < reservado) {
        proximos.quantidade = MSG_ESTOQUE_EQUIPE.abaixoDoReservado.replace('{n}', String(reservado));
      }
    }
    setErros(proximos);
    if (Object.keys(proximos).length > 0 || !checado.success) return;
    movimentar.mutate(checado.data, {
      onSuccess: () => {
        notifySuccess(TIPOS[tipo].sucesso);
        onDone();
      },
      onError: (error) => setErros({ geral: errorMessage(error) }),
    });
  };

  return (
    <form className={styles.adjust} noValidate onSubmit={submit} aria-label="Ajustar estoque">
      <fieldset className={styles.kinds}>
        <legend>Tipo de movimento</legend>
        {(Object.keys(TIPOS) as TipoAjusteEstoque[]).map((t) => (
          <label key={t} className={styles.kind}>
            <input
              type="radio"
              name="tipo"
              value={t}
              checked={tipo === t}
              onChange={() => {
                setTipo(t);
                setErros({});
              }}
            />
            {TIPOS[t].rotulo}
          </label>
        ))}
      </fieldset>
      <div className={styles.adjustGrid}>
        <TextField
          label={TIPOS[tipo].quantidade}
          inputMode="numeric"
          value={quantidade}
          onChange={(ev) => setQuantidade(ev.target.value.replace(/\D/g, '').slice(0, 7))}
          error={erros.quantidade}
          required
          hint={tipo === 'ajuste' ? `Hoje: ${estoque}. A diferença fica registrada.` : undefined}
        />
        <TextareaField
          label={tipo === 'entrada' ? 'Motivo (opcional)' : 'Motivo'}
          value={motivo}
          onChange={(ev) => setMotivo(ev.target.value)}
          maxLength={MOTIVO_ESTOQUE_MAX}
          length={motivo.length}
          rows={2}
          error={erros.motivo}
          required={tipo !== 'entrada'}
          placeholder={tipo === 'entrada' ? 'Ex.: NF 1234 do fornecedor' : 'Ex.: contagem do inventário'}
        />
      </div>
      {erros.geral && (
        <p className={styles.error} role="alert">
          {erros.geral}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onDone} disabled={movimentar.isPending}>
          Cancelar
        </Button>
        <Button type="submit" loading={movimentar.isPending}>
          Registrar movimento
        </Button>
      </div>
    </form>
  );
}

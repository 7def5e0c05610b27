import { formatBRL } from '@clinica/shared/money';
import { formatPhone, maskCep, maskCpfCnpj } from '@clinica/shared/masks';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { ClienteDetalhe } from '@clinica/shared/schemas/cliente-admin';
import * as Dialog from '@radix-ui/react-dialog';
import {
  Building2,
  CircleAlert,
  CircleCheck,
  CircleDashed,
  Mail,
  MapPin,
  Phone,
  ReceiptText,
  RotateCw,
  UserRound,
  X,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../../components/orders/status-badge';
import { Button } from '../../../components/ui/button';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { DireitosDoTitular } from './client-privacy';
import { useCatalogoEnderecos } from '../../../lib/catalogo-enderecos';
import { useClienteDetalhe } from '../api/clientes';
import { usePedidosDoCliente } from '../api/pedidos-do-cliente';
import { formatDay } from '../../../lib/format-date';
import frame from '../../../components/ui/detail-dialog-frame.module.css';
import styles from './client-dialog.module.css';

export interface ClientDialogProps {
  /** The client to show; null closes the dialog. */
  clienteId: number | null;
  onClose: () => void;
}

const nomeDe = (c: Pick<ClienteDetalhe, 'nome' | 'razaoSocial'>) => c.razaoSocial ?? c.nome ?? '';

/**
 * The details of a client for the staff (/clients: a row opens a
 * details dialog): person or company data, e-mail, phone and address, the
 * orders at a glance and the client's orders, newest first, five at a time.
 */
export function ClientDialog({ clienteId, onClose }: ClientDialogProps) {
  const detalhe = useClienteDetalhe(clienteId);
  const data = detalhe.data;
  const Icon = data?.juridica ? Building2 : UserRound;

  return (
    <ModalFrame
      open={clienteId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      locked={false}
      className={styles.content}
      aria-describedby={undefined}
      data-testid="client-dialog"
    >
      <header className={frame.iconHeader}>
        <span className={`${frame.headerIcon} ${data?.juridica ? styles.company : ''}`} aria-hidden="true">
          <Icon size={22} />
        </span>
        <div className={frame.heading}>
          <Dialog.Title className={frame.title}>{data ? nomeDe(data) : `Cliente #${clienteId ?? ''}`}</Dialog.Title>
          {data && (
            <p className={frame.subtitle}>
              {data.juridica ? 'Pessoa jurídica' : 'Pessoa física'} · Cliente #{data.id} · desde{' '}
              {formatDay(data.cadastradoEm)}
            </p>
          )}
        </div>
        <Dialog.Close className={frame.close} aria-label="Fechar">
          <X size={20} aria-hidden="true" />
        </Dialog.Close>
      </header>

      {detalhe.isPending ? (
        <LoadingBlock />
      ) : !data ? (
        <LoadError
          message={`${MSG_BO.erroDetalheCliente}${errorMessage(detalhe.error)}`}
          retrying={detalhe.isFetching}
          onRetry={() => void detalhe.refetch()}
        />
      ) : (
        <div className={frame.body}>
          <Resumo cliente={data} />
          <div className={frame.columns}>
            <Dados cliente={data} />
            <Endereco cliente={data} />
          </div>
          <Pedidos clienteId={data.id} />
          <DireitosDoTitular cliente={data} />
        </div>
      )}
    </ModalFrame>
  );
}

function LoadError({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div className={frame.loadError} role="alert">
      <CircleAlert size={24} aria-hidden="true" />
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
        <RotateCw size={16} aria-hidden="true" />
        Tentar novamente
      </Button>
    </div>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`${frame.section} ${className ?? ''}`} aria-label={title}>
      <h3 className={frame.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

function Resumo({ cliente }: { cliente: ClienteDetalhe }) {
  const { pedidos } = cliente;
  const tiles: Array<[string, string]> = [
    ['Pedidos', String(pedidos.quantidade)],
    ['Pagos', String(pedidos.quantidadePagos)],
    ['Total pago', formatBRL(pedidos.valorPago)],
    ['Último pedido', pedidos.ultimoPedidoEm ? formatDay(pedidos.ultimoPedidoEm) : '—'],
  ];
  return (
    <dl className={styles.tiles} aria-label="Resumo dos pedidos">
      {tiles.map(([label, value]) => (
        <div key={label} className={styles.tile}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Dados({ cliente }: { cliente: ClienteDetalhe }) {
  const telefone = formatPhone(cliente.telefone);
  return (
    <Section title="Dados do cliente">
      <dl className={styles.facts}>
        {cliente.juridica ? (
          <>
            <Fact label="Razão social">{cliente.razaoSocial}</Fact>
            <Fact label="CNPJ">{maskCpfCnpj(cliente.cpfCnpj)}</Fact>
            <Fact label="Inscrição estadual">{cliente.inscricaoEstadual || '—'}</Fact>
          </>
        ) : (
          <>
            <Fact label="Nome">{cliente.nome}</Fact>
            <Fact label="CPF">{maskCpfCnpj(cliente.cpfCnpj)}</Fact>
          </>
        )}
        <Fact label="E-mail">
          <span className={styles.withIcon}>
            <Mail size={15} aria-hidden="true" />
            <a href={`mailto:${cliente.usuario.email}`} className={styles.link}>
              {cliente.usuario.email}
            </a>
          </span>
          {cliente.usuario.confirmado ? (
            <span className={`${styles.pill} ${styles.ok}`}>
              <CircleCheck size={12} aria-hidden="true" />
              E-mail confirmado
            </span>
          ) : (
            <span className={`${styles.pill} ${styles.pending}`}>
              <CircleDashed size={12} aria-hidden="true" />
              E-mail não confirmado
            </span>
          )}
        </Fact>
        <Fact label="Telefone">
          <span className={styles.withIcon}>
            <Phone size={15} aria-hidden="true" />
            <a href={`tel:+55${cliente.telefone}`} className={styles.link}>
              {telefone}
            </a>
          </span>
        </Fact>
      </dl>
    </Section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The client's delivery addresses: the address book (ADR 033), the default first, each with its name and who
 * receives; the registered address alone while the book loads or when it cannot be read.
 */
function Endereco({ cliente }: { cliente: ClienteDetalhe }) {
  const catalogo = useCatalogoEnderecos(cliente.id, { retry: false });
  const livro = catalogo.data?.enderecos ?? [];
  const e = cliente.endereco;
  if (livro.length > 0) {
    return (
      <Section title={livro.length === 1 ? 'Endereço' : `Endereços (${livro.length})`}>
        <ul className={styles.addresses} aria-label="Endereços do cliente">
          {livro.map((a) => (
            <li key={a.id} data-testid="client-address">
              <address className={frame.address}>
                <span className={styles.withIcon}>
                  <MapPin size={15} aria-hidden="true" />
                  <strong>{a.nome}</strong>
                  {a.padrao && <span className={`${styles.pill} ${styles.ok}`}>Padrão</span>}
                  {a.cadastro && <span className={`${styles.pill} ${styles.neutral}`}>Do cadastro</span>}
                </span>
                <span>
                  {a.logradouro}, {a.numero}
                  {a.complemento ? ` – ${a.complemento}` : ''}
                </span>
                <span>
                  {a.bairro} · {a.municipio.nome}/{a.uf.sigla} · CEP {maskCep(a.cep)}
                </span>
                {(a.nomeRecebedor || a.telefoneRecebedor) && (
                  <span className={frame.muted}>
                    Recebe:{' '}
                    {[a.nomeRecebedor, a.telefoneRecebedor && formatPhone(a.telefoneRecebedor)]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                )}
              </address>
            </li>
          ))}
        </ul>
      </Section>
    );
  }
  return (
    <Section title="Endereço">
      {e ? (
        <address className={frame.address}>
          <span className={styles.withIcon}>
            <MapPin size={15} aria-hidden="true" />
            <strong>
              {e.logradouro}, {e.numero}
              {e.complemento ? ` – ${e.complemento}` : ''}
            </strong>
          </span>
          <span>{e.bairro}</span>
          <span>
            {e.municipio.nome}/{e.uf.sigla}
          </span>
          <span>CEP {maskCep(e.cep)}</span>
        </address>
      ) : (
        <p className={frame.muted}>{MSG_BO.clienteSemEndereco}</p>
      )}
    </Section>
  );
}

function Pedidos({ clienteId }: { clienteId: number }) {
  const pedidos = usePedidosDoCliente(clienteId);
  const pages = pedidos.data?.pages ?? [];
  const lista = pages.flatMap((p) => p.pedidos);
  const total = pages[0]?.totalRegistro ?? 0;

  return (
    <Section title="Pedidos" className={styles.orders}>
      {pedidos.isPending ? (
        <div className={styles.ordersLoading} role="status">
          <Spinner size="sm" />
          <span>Carregando pedidos...</span>
        </div>
      ) : pedidos.isError && lista.length === 0 ? (
        <LoadError
          message={`${MSG_BO.erroPedidosCliente}${errorMessage(pedidos.error)}`}
          retrying={pedidos.isFetching}
          onRetry={() => void pedidos.refetch()}
        />
      ) : lista.length === 0 ? (
        <p className={`${frame.muted} ${styles.withIcon}`}>
          <ReceiptText size={16} aria-hidden="true" />
          {MSG_BO.clienteSemPedidos}
        </p>
      ) : (
        <>
          <ul className={frame.rows} aria-label="Pedidos do cliente">
            {lista.map((p) => (
              <li key={p.id} className={styles.order} data-testid="client-order">
                <span className={styles.orderId}>Pedido #{p.id}</span>
                <span className={styles.orderDate}>{formatDay(p.dtPedido)}</span>
                <StatusBadge situacao={p.situacaoPedido} />
                <strong className={styles.orderValue}>{formatBRL(p.valorTotal)}</strong>
              </li>
            ))}
          </ul>
          <div className={styles.more}>
            <span className={frame.muted}>
              {lista.length} de {total} {total === 1 ? 'pedido' : 'pedidos'}
            </span>
            {pedidos.isFetchNextPageError && (
              <span className={styles.moreError} role="alert">
                {`${MSG_BO.erroPedidosCliente}${errorMessage(pedidos.error)}`}
              </span>
            )}
            {pedidos.hasNextPage && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => void pedidos.fetchNextPage()}
                loading={pedidos.isFetchingNextPage}
              >
                Ver mais
              </Button>
            )}
          </div>
        </>
      )}
    </Section>
  );
}

import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { MSG_CURSO } from '@clinica/shared/messages-curso';
import type { ConteudoAdminItem } from '@clinica/shared/schemas/conteudo';
import { CircleAlert, FileText, LoaderCircle, Trash2, Video } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/backoffice/confirm-dialog';
import { PagedTable, type TableColumn } from '../../../components/backoffice/paged-table';
import { Button } from '../../../components/ui/button';
import { SwitchField } from '../../../components/ui/switch-field';
import styles from '../contents-page.module.css';

/** 'PDF', 'Vídeo MP4' or 'Vídeo AVI' from the stored MIME type. */
function tipoLegivel(item: Pick<ConteudoAdminItem, 'tipo' | 'video'>): string {
  if (!item.video) return 'PDF';
  return item.tipo === 'video/mp4' ? 'Vídeo MP4' : 'Vídeo AVI';
}

/** 12,3 MB / 850 KB. */
function tamanhoLegivel(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`;
}

function Situacao({ item }: { item: ConteudoAdminItem }) {
  if (item.processamento === 'PROCESSANDO')
    return (
      <span className={`${styles.badge} ${styles.processando}`}>
        <LoaderCircle size={14} aria-hidden="true" className={styles.spin} />
        {MSG_BO.conteudoProcessando}
      </span>
    );
  if (item.processamento === 'FALHOU')
    return (
      <span className={`${styles.badge} ${styles.falhou}`}>
        <CircleAlert size={14} aria-hidden="true" />
        {MSG_BO.conteudoFalhou}
      </span>
    );
  return <span className={`${styles.badge} ${styles.pronto}`}>Pronto</span>;
}

/** A PDF's 'Permitir download' switch (ADR 046), showing the choice at once while it is saved; a video has none. */
function Download({
  item,
  alternar,
  ocupado,
}: {
  item: ConteudoAdminItem;
  alternar: (item: ConteudoAdminItem, permiteDownload: boolean) => Promise<unknown>;
  ocupado: boolean;
}) {
  const [escolha, setEscolha] = useState<boolean | null>(null);
  if (item.video) return <span className={styles.semDownload}>—</span>;
  const marcado = escolha ?? item.permiteDownload;
  // The same switch as the row's 'Prévia grátis' (one control style for the row's yes/no choices).
  return (
    <SwitchField
      label={marcado ? 'Liberado' : 'Bloqueado'}
      aria-label={`Permitir download de ${item.titulo}`}
      checked={marcado}
      disabled={ocupado}
      onChange={(event) => {
        const permite = event.currentTarget.checked;
        setEscolha(permite);
        // Settled (the list read again, or the refusal's toast): the list's value again.
        void alternar(item, permite).finally(() => setEscolha(null));
      }}
    />
  );
}

const COLUMNS: TableColumn<ConteudoAdminItem>[] = [
  { header: 'Ordem', fit: true, align: 'center', numeric: true, className: styles.ordem, cell: (item) => item.ordem },
  {
    header: 'Título',
    className: styles.titulo,
    cell: (item) => (
      <>
        <span className={styles.tituloTexto}>
          {item.video ? (
            <Video size={16} aria-hidden="true" className={styles.icon} />
          ) : (
            <FileText size={16} aria-hidden="true" className={styles.icon} />
          )}
          {item.titulo}
        </span>
        {item.nomeArquivo && (
          <span className={styles.arquivo}>
            {item.nomeArquivo} · {tamanhoLegivel(item.tamanho)}
          </span>
        )}
      </>
    ),
  },
  { header: 'Duração', nowrap: true, cell: (item) => item.duracao },
  { header: 'Tipo', from: 768, nowrap: true, cell: (item) => tipoLegivel(item) },
  { header: 'Situação', cell: (item) => <Situacao item={item} /> },
];

/** The 'Prévia grátis' switch of a row (ADR 047): anyone may then watch or read it on the course's page. */
function previaColumn(
  alterar: (item: ConteudoAdminItem, previa: boolean) => void,
  alterando: number | null,
): TableColumn<ConteudoAdminItem> {
  return {
    header: MSG_CURSO.previaSwitch,
    nowrap: true,
    cell: (item) => (
      <SwitchField
        label={item.previaGratuita ? 'Sim' : 'Não'}
        aria-label={`${MSG_CURSO.previaSwitch}: ${item.titulo}`}
        checked={item.previaGratuita}
        disabled={alterando === item.id}
        onChange={(e) => alterar(item, e.currentTarget.checked)}
        data-testid="conteudo-previa"
      />
    ),
  };
}

export interface ContentsListProps {
  itens: readonly ConteudoAdminItem[];
  /** Switches an item's free preview on or off. */
  alterarPrevia: (item: ConteudoAdminItem, previa: boolean) => void;
  /** The item whose preview switch is being saved. */
  alterandoPrevia: number | null;
  /** Deletes one item; resolves when done (the dialog closes either way). */
  excluir: (item: ConteudoAdminItem) => Promise<unknown>;
  excluindo: boolean;
  /** Allows or blocks a PDF's download in the classroom (ADR 046). */
  alternarDownload: (item: ConteudoAdminItem, permiteDownload: boolean) => Promise<unknown>;
  alterandoDownload: boolean;
}

/**
 * The product's contents in order: order, title, duration, type, state, the free-preview switch, whether a PDF may
 * be downloaded, and 'Excluir' with a confirmation.
 */
export function ContentsList({
  itens,
  excluir,
  excluindo,
  alterarPrevia,
  alterandoPrevia,
  alternarDownload,
  alterandoDownload,
}: ContentsListProps) {
  const [alvo, setAlvo] = useState<ConteudoAdminItem | null>(null);
  const columns = useMemo<TableColumn<ConteudoAdminItem>[]>(
    () => [
      ...COLUMNS,
      previaColumn(alterarPrevia, alterandoPrevia),
      {
        header: 'Download',
        nowrap: true,
        cell: (item) => <Download item={item} alternar={alternarDownload} ocupado={alterandoDownload} />,
      },
    ],
    [alterarPrevia, alterandoPrevia, alternarDownload, alterandoDownload],
  );
  return (
    <>
      <PagedTable
        caption="Conteúdos do produto, em ordem"
        columns={columns}
        rows={itens}
        rowKey={(item) => item.id}
        rowTestId="conteudo-linha"
        actions={{
          header: 'Ações',
          hideHeader: true,
          cell: (item) => (
            <Button
              variant="ghost"
              size="sm"
              className={styles.delete}
              onClick={() => setAlvo(item)}
              aria-label={`Excluir ${item.titulo}`}
            >
              <Trash2 size={16} aria-hidden="true" />
              <span className={styles.deleteText}>Excluir</span>
            </Button>
          ),
        }}
      />
      <ConfirmDialog
        open={alvo !== null}
        onOpenChange={(open) => (open ? undefined : setAlvo(null))}
        title={alvo ? `Excluir “${alvo.titulo}”?` : 'Excluir conteúdo?'}
        message={MSG_BO.conteudoExcluirConfirmacao}
        confirmLabel="Excluir"
        busy={excluindo}
        onConfirm={() => {
          if (alvo) void excluir(alvo).finally(() => setAlvo(null));
        }}
      />
    </>
  );
}

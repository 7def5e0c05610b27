import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { ConteudoAdminItem } from '@clinica/shared/schemas/conteudo';
import { CircleAlert, FileText, LoaderCircle, Trash2, Video } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/backoffice/confirm-dialog';
import { Button } from '../../../components/ui/button';
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

export interface ContentsListProps {
  itens: readonly ConteudoAdminItem[];
  /** Deletes one item; resolves when done (the dialog closes either way). */
  excluir: (item: ConteudoAdminItem) => Promise<unknown>;
  excluindo: boolean;
}

/** The product's contents in order: order, title, duration, type, state, and 'Excluir' with a confirmation. */
export function ContentsList({ itens, excluir, excluindo }: ContentsListProps) {
  const [alvo, setAlvo] = useState<ConteudoAdminItem | null>(null);
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">Conteúdos do produto, em ordem</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.num}>
                Ordem
              </th>
              <th scope="col">Título</th>
              <th scope="col">Duração</th>
              <th scope="col" className={styles.from768}>
                Tipo
              </th>
              <th scope="col">Situação</th>
              <th scope="col" className={styles.actions}>
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {itens.map((item) => (
              <tr key={item.id} data-testid="conteudo-linha">
                <td className={styles.num}>{item.ordem}</td>
                <td className={styles.titulo}>
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
                </td>
                <td className={styles.nowrap}>{item.duracao}</td>
                <td className={`${styles.from768} ${styles.nowrap}`}>{tipoLegivel(item)}</td>
                <td>
                  <Situacao item={item} />
                </td>
                <td className={styles.actions}>
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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

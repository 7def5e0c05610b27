import type { ConteudoItem } from '@clinica/shared/schemas/conteudo';
import { CircleCheck, Circle, FileText, PlayCircle } from 'lucide-react';
import { formatarDuracao } from '@clinica/shared/curso';
import styles from './content-list.module.css';

export interface ContentListProps {
  items: readonly ConteudoItem[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** The course's items in order: type icon, title, duration and the done mark; the selected one is current. */
export function ContentList({ items, selectedId, onSelect }: ContentListProps) {
  const sorted = [...items].sort((a, b) => a.ordem - b.ordem);
  if (sorted.length === 0) {
    return <p className={styles.empty}>Este curso ainda não tem conteúdos.</p>;
  }
  return (
    <ol className={styles.list} aria-label="Conteúdos do curso">
      {sorted.map((item, i) => {
        const Icon = item.video ? PlayCircle : FileText;
        const current = item.id === selectedId;
        const tipo = item.video ? 'Vídeo' : 'Leitura';
        return (
          <li key={item.id}>
            <button
              type="button"
              className={`${styles.item} ${current ? styles.current : ''}`}
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(item.id)}
              data-testid="content-item"
            >
              <span className={styles.icon} aria-hidden="true">
                <Icon size={20} />
              </span>
              <span className={styles.text}>
                <span className={styles.title}>
                  {i + 1}. {item.titulo}
                </span>
                <span className={styles.meta}>
                  {tipo} · {formatarDuracao(item.duracao)}
                </span>
              </span>
              <span
                className={`${styles.mark} ${item.concluido ? styles.done : ''}`}
                role="img"
                aria-label={item.concluido ? 'Concluído' : 'Não concluído'}
              >
                {item.concluido ? <CircleCheck size={20} /> : <Circle size={20} />}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

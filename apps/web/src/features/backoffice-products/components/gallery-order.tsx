import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { ImagemProduto } from '@clinica/shared/schemas/imagem';
import { useLayoutEffect, useRef, useState } from 'react';
import { notifyError } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useOrdenarImagens } from '../api/imagens';
import { ImageCard } from './image-card';
import styles from './image-card.module.css';

/** `ids` with the one at `from` taken out and put back at `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The gallery in the order the store shows it (the first is the card
 * picture). A picture is dragged to its new place, or moved one place at a
 * time with its buttons ('Mover … para antes', '… para depois'), which keep
 * the keyboard focus and are announced. Each move is saved at once.
 */
export function GalleryOrder({
  produtoId,
  galeria,
  className,
  onDelete,
}: {
  produtoId: number;
  galeria: readonly ImagemProduto[];
  className?: string | undefined;
  onDelete: (img: ImagemProduto) => void;
}) {
  const ordenar = useOrdenarImagens(produtoId);
  const list = useRef<HTMLUListElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  // After a move with a button, the focus follows the picture to its new place.
  const focusAfter = useRef<{ id: number; direction: 'antes' | 'depois' } | null>(null);

  useLayoutEffect(() => {
    const target = focusAfter.current;
    if (!target || !list.current) return;
    focusAfter.current = null;
    const card = list.current.querySelector(`[data-image-id="${target.id}"]`);
    const buttons = [target.direction, target.direction === 'antes' ? 'depois' : 'antes'].map((d) =>
      card?.querySelector<HTMLButtonElement>(`button[data-move="${d}"]`),
    );
    buttons.find((b) => b && !b.disabled)?.focus();
  }, [galeria]);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= galeria.length || from === to) return;
    const img = galeria[from]!;
    setAnnouncement(`${img.nome} movida para a posição ${to + 1} de ${galeria.length}.`);
    ordenar.mutate(
      moved(galeria, from, to).map((i) => i.id),
      {
        onError: (error) => {
          setAnnouncement(MSG_BO.imagensOrdemNaoSalva);
          notifyError(`${MSG_BO.imagensOrdemNaoSalva}. ${errorMessage(error)}`);
        },
      },
    );
  };

  const indexOf = (id: number | null) => galeria.findIndex((i) => i.id === id);

  return (
    <>
      <ul ref={list} className={className} aria-label="Galeria do produto, na ordem da loja">
        {galeria.map((img, i) => (
          <ImageCard
            key={img.id}
            img={img}
            label={`Imagem ${i + 1}`}
            onDelete={() => onDelete(img)}
            order={{
              index: i,
              total: galeria.length,
              onMove: (to) => {
                focusAfter.current = { id: img.id, direction: to < i ? 'antes' : 'depois' };
                move(i, to);
              },
            }}
            item={{
              'data-image-id': img.id,
              draggable: galeria.length > 1,
              className: `${dragging === img.id ? styles.dragging : ''} ${over === img.id ? styles.dropTarget : ''}`,
              onDragStart: (e) => {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', String(img.id));
                setDragging(img.id);
              },
              onDragOver: (e) => {
                if (dragging === null || dragging === img.id) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                setOver(img.id);
              },
              onDragLeave: () => setOver((o) => (o === img.id ? null : o)),
              onDrop: (e) => {
                e.preventDefault();
                const from = indexOf(dragging);
                if (from >= 0) move(from, i);
                setDragging(null);
                setOver(null);
              },
              onDragEnd: () => {
                setDragging(null);
                setOver(null);
              },
            }}
          />
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

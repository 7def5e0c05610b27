import { duracaoTotal, formatarDuracao } from '@clinica/shared/curso';
import { MSG_CURSO } from '@clinica/shared/messages-curso';
import type { ProdutoDetalhe } from '@clinica/shared/schemas/produto';
import { FileText, Infinity as InfinityIcon, PlayCircle, ShieldCheck, Tag } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useHydrated } from '../../../lib/page-part';
import { Authors } from './authors';
import styles from './course.module.css';
import page from './details-page.module.css';

type Item = ProdutoDetalhe['conteudos'][number];

/** The player: its code (dialog, `<video>` or react-pdf) comes only when a visitor asks for a preview (ADR 047). */
const PreviewDialog = lazy(() => import('./preview-dialog'));

/** One line of the course's contents: kind, title, duration and, for a free preview, its button. */
function ItemRow({ item, onPreview, ready }: { item: Item; onPreview: (item: Item) => void; ready: boolean }) {
  const Icon = item.video ? PlayCircle : FileText;
  return (
    <li className={styles.item} data-testid="curso-item">
      <Icon size={20} aria-hidden="true" className={styles.itemIcon} />
      <span className={styles.itemTitle}>{item.titulo}</span>
      <span className={styles.itemMeta}>
        <span className={styles.kind}>{item.video ? MSG_CURSO.video : MSG_CURSO.pdf}</span>
        <span>{formatarDuracao(item.duracao)}</span>
      </span>
      {item.previa && (
        <button
          type="button"
          className={styles.itemPreview}
          disabled={!ready}
          onClick={() => onPreview(item)}
          aria-label={`${item.video ? MSG_CURSO.assistirPrevia : MSG_CURSO.lerPrevia}: ${item.titulo}`}
        >
          {MSG_CURSO.previaGratis}
        </button>
      )}
    </li>
  );
}

/** The preview player of a component: a function that opens it on an item, and the dialog to render (or null). */
function usePreviewPlayer() {
  const [aberto, setAberto] = useState<Item | null>(null);
  const dialog = aberto && (
    <Suspense fallback={null}>
      <PreviewDialog item={aberto} onClose={() => setAberto(null)} />
    </Suspense>
  );
  return [setAberto, dialog] as const;
}

/** The button that opens the first free preview (nothing when the course has none). */
function PreviewButton({
  item,
  onOpen,
  testId,
}: {
  item: Item | undefined;
  onOpen: (item: Item) => void;
  testId: string;
}) {
  const ready = useHydrated();
  if (!item) return null;
  return (
    <button
      type="button"
      className={styles.previewButton}
      disabled={!ready}
      onClick={() => onOpen(item)}
      data-testid={testId}
    >
      <PlayCircle size={20} aria-hidden="true" />
      {item.video ? MSG_CURSO.assistirPrevia : MSG_CURSO.lerPrevia}
    </button>
  );
}

/**
 * Beside the price (ADR 047): the free preview and, in one line, the access period and the guarantee (told in full
 * under 'Conteúdo do curso').
 */
export function CourseHighlights({ produto }: { produto: ProdutoDetalhe }) {
  const [abrir, dialog] = usePreviewPlayer();
  return (
    <div className={styles.highlights}>
      <PreviewButton item={produto.conteudos.find((i) => i.previa)} onOpen={abrir} testId="assistir-previa" />
      <p className={styles.highlightLine}>
        <span>
          <InfinityIcon size={18} aria-hidden="true" />
          {MSG_CURSO.acessoTitulo}
        </span>
        <span>
          <ShieldCheck size={18} aria-hidden="true" />
          {MSG_CURSO.garantiaTitulo}
        </span>
      </p>
      {dialog}
    </div>
  );
}

/** The sections of a course's page (ADR 047): its contents and promises, its themes, its authors. */
export function CourseSections({ produto }: { produto: ProdutoDetalhe }) {
  const ids = { course: useId(), tags: useId(), authors: useId() };
  return (
    <>
      <div className={page.block}>
        <CourseContent produto={produto} headingId={ids.course} />
      </div>

      {produto.tags.length > 0 && (
        <section aria-labelledby={ids.tags} className={page.block}>
          <h2 id={ids.tags} className={page.blockTitle}>
            Temas
          </h2>
          <ul className={page.tags}>
            {produto.tags.map((tag, i) => (
              <li key={`${tag.nome}-${i}`} className={page.tag}>
                <Tag size={14} aria-hidden="true" />
                {tag.nome}
              </li>
            ))}
          </ul>
        </section>
      )}

      {produto.autores.length > 0 && (
        <div className={page.block}>
          <Authors autores={produto.autores} headingId={ids.authors} />
        </div>
      )}
    </>
  );
}

/**
 * What a course's page sells with (ADR 047): its contents in order with each item's kind and duration and the total,
 * the free preview ('Assistir prévia grátis', played in a dialog loaded on click), the access period and the
 * 7-day guarantee (ADR 036). Server-rendered as a page part (lib/page-part.tsx), so none of it counts in the page's
 * first JavaScript.
 */
function CourseContent({ produto, headingId }: { produto: ProdutoDetalhe; headingId: string }) {
  const [abrir, dialog] = usePreviewPlayer();
  const ready = useHydrated();
  const itens = produto.conteudos;
  const resumo = (itens.length === 1 ? MSG_CURSO.conteudoResumoUm : MSG_CURSO.conteudoResumo)
    .replace('{n}', String(itens.length))
    .replace('{duracao}', duracaoTotal(itens));

  return (
    <section aria-labelledby={headingId} className={styles.course} data-testid="curso-conteudo">
      <div className={styles.head}>
        <div>
          <h2 id={headingId} className={styles.title}>
            {MSG_CURSO.conteudoTitulo}
          </h2>
          {itens.length > 0 && (
            <p className={styles.summary} data-testid="curso-resumo">
              {resumo}
            </p>
          )}
        </div>
        <PreviewButton item={itens.find((i) => i.previa)} onOpen={abrir} testId="assistir-previa-conteudo" />
      </div>

      {itens.length > 0 && (
        <ol className={styles.list}>
          {itens.map((item) => (
            <ItemRow key={item.id} item={item} onPreview={abrir} ready={ready} />
          ))}
        </ol>
      )}

      <ul className={styles.promises}>
        <li data-testid="curso-acesso">
          <InfinityIcon size={22} aria-hidden="true" />
          <span>
            <strong>{MSG_CURSO.acessoTitulo}:</strong> {MSG_CURSO.acessoTexto}
          </span>
        </li>
        <li data-testid="curso-garantia">
          <ShieldCheck size={22} aria-hidden="true" />
          <span>
            <strong>{MSG_CURSO.garantiaTitulo}:</strong> {MSG_CURSO.garantiaTexto}
          </span>
        </li>
      </ul>

      {dialog}
    </section>
  );
}

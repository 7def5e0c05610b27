import { Building2, Percent, Shapes, UserRound } from 'lucide-react';
import { lazy, Suspense, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/use-session';
import { AutoresTab } from './autores-tab';
import { CategoriasTab } from './categorias-tab';
import { DescontosTab } from './descontos-tab';
import { tabOf, tabsFor, type TabId } from './hub-state';
import styles from './unitarys-page.module.css';

// The company form (address selects, CEP lookup) loads only when its tab opens.
const EmpresaEditor = lazy(() => import('../empresa/empresa-editor').then((m) => ({ default: m.EmpresaEditor })));

const ICONS: Record<TabId, typeof Building2> = {
  autores: UserRound,
  categorias: Shapes,
  descontos: Percent,
  empresa: Building2,
};

/**
 * /unitarys 'Cadastro de unitários': authors, categories,
 * discount conditions and, for ADMIN, the company, one tab each; the open tab
 * and its list state live in the address.
 */
export function UnitarysPage() {
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const tabs = tabsFor(user?.permissao);
  const current = tabOf(search, user?.permissao);
  const refs = useRef(new Map<TabId, HTMLButtonElement>());

  const open = (tab: TabId, focus = false) => {
    // Another tab starts at its first page with no filters.
    if (tab !== current) setSearch(tab === 'autores' ? {} : { tab });
    if (focus) refs.current.get(tab)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === current);
    const next =
      e.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    open(tabs[next]!.id, true);
  };

  return (
    <PageFrame
      title="Cadastro de unitários"
      eyebrow="Gestão"
      description="Autores dos cursos, categorias da loja, a condição de desconto que dá direito ao brinde e os dados da empresa."
    >
      <div className={styles.tabs} role="tablist" aria-label="Cadastros" onKeyDown={onKeyDown}>
        {tabs.map(({ id, label }) => {
          const Icon = ICONS[id];
          const selected = id === current;
          return (
            <button
              key={id}
              ref={(el) => {
                if (el) refs.current.set(id, el);
                else refs.current.delete(id);
              }}
              type="button"
              role="tab"
              id={`tab-${id}`}
              aria-selected={selected}
              aria-controls={`panel-${id}`}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => open(id)}
            >
              <Icon size={18} aria-hidden="true" />
              {label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`} className={styles.panel}>
        {current === 'autores' && <AutoresTab />}
        {current === 'categorias' && <CategoriasTab />}
        {current === 'descontos' && <DescontosTab />}
        {current === 'empresa' && (
          <Suspense fallback={<LoadingBlock />}>
            <EmpresaEditor embedded />
          </Suspense>
        )}
      </div>
    </PageFrame>
  );
}

export { UnitarysPage as Component };

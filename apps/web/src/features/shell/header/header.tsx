import { Menu as MenuIcon, Search, ShoppingBag, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState, type ComponentType } from 'react';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../../components/brand/logo';
import { cartQuantity, useCartItems } from '../../../lib/cart-storage';
import { placeOf } from '../../../lib/sign-in-place';
import { useSession } from '../../../lib/use-session';
import { useFisicoDigital } from '../api/fisico-digital';
import { AvatarButton } from '../user-menu/avatar';
import styles from './header.module.css';
import { ProductMenu } from './product-menu';

// Loaded on demand: they pull Radix primitives the first paint does not need.
const loadUserMenu = () => import('../user-menu/user-menu');
const loadMobileMenu = () => import('./mobile-menu');
const UserMenu = lazy(loadUserMenu);
const MobileMenu = lazy(loadMobileMenu);
const NotificationBell = lazy(() => import('./notification-bell'));
// The search row and its suggestions (ADR 045) come when the search button is pointed at, focused or pressed.
const loadSearchBar = () => import('./search-bar');
const SearchBar = lazy(loadSearchBar);

/** Scroll distance after which the header becomes fixed (docs/behaviour/timings-and-limits.md#layout). */
const FIXED_HEADER_AFTER_PX = 300;

function useScrolledPast(threshold: number, enabled: boolean) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      setPast(window.scrollY > threshold);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // First read in the next frame: reading scrollY now would force a layout in the middle of the first render.
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [threshold, enabled]);
  return enabled && past;
}

/**
 * The bag drawer (features/cart), handed in by app/ because a feature never
 * imports another (docs/architecture.md#import-rules): `Drawer` is lazy, `load` fetches its chunk.
 */
export interface HeaderBag {
  load: () => Promise<unknown>;
  Drawer: ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;
}

export interface HeaderProps {
  /** Fix the header to the top after 300 px of scroll. */
  fixedOnScroll?: boolean;
  bag?: HeaderBag;
}

/** Runs `task` when the browser is idle (a timeout where requestIdleCallback is missing). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 4000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1500);
  return () => window.clearTimeout(id);
}

/** The site header (docs/behaviour/site.md#header, #user-menu). */
export function Header({ fixedOnScroll = false, bag }: HeaderProps) {
  const { user, isSignedIn } = useSession();
  const name = user?.nome;
  const products = useFisicoDigital();
  const items = useCartItems();
  const quantity = cartQuantity(items);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fixed = useScrolledPast(FIXED_HEADER_AFTER_PX, fixedOnScroll);

  const [searchOpen, setSearchOpen] = useState(false);
  const [term, setTerm] = useState(() => params.get('pesquisaProduto') ?? '');
  const searchId = useId();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [bagOpen, setBagOpen] = useState(false);
  const [mobileMounted, setMobileMounted] = useState(false);
  const [bagMounted, setBagMounted] = useState(false);

  const [menuRequested, setMenuRequested] = useState(false);
  const showCart = !user || user.permissao === 'CLIENTE';

  // The drawer also keeps the gift rule (docs/behaviour/bag-and-checkout.md#gift) while mounted: with items in the bag, mount it closed at idle.
  const mountBagWhenIdle = Boolean(bag) && showCart && !bagMounted && quantity > 0;
  useEffect(() => (mountBagWhenIdle ? whenIdle(() => setBagMounted(true)) : undefined), [mountBagWhenIdle]);

  // A sign-in that started from the bag lands here with the bag open (lib/sign-in-place.ts), once: the state is
  // dropped from the history entry, so going back to this page later does not open it again. The same for the
  // abandoned-bag e-mail's link, `/?sacola=1` (ADR 034): the parameter is dropped.
  const location = useLocation();
  const openBagOnArrival =
    Boolean(bag) && showCart && (placeOf(location.state).abrirSacola === true || params.get('sacola') === '1');
  const [arrival, setArrival] = useState<string | null>(null);
  if (openBagOnArrival && arrival !== location.key) {
    setArrival(location.key);
    setBagMounted(true);
    setBagOpen(true);
  }
  useEffect(() => {
    if (openBagOnArrival) {
      const search = new URLSearchParams(location.search);
      search.delete('sacola');
      const rest = search.toString();
      navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true });
    }
  }, [openBagOnArrival, navigate, location.pathname, location.search, location.hash]);

  // Signed in: fetch the user menu chunk right away, so the avatar opens at the first click.
  useEffect(() => {
    if (isSignedIn) void loadUserMenu();
  }, [isSignedIn]);

  const submitSearch = () => {
    const text = term.trim();
    if (!text) {
      setSearchOpen(false);
      return;
    }
    navigate(`/loja?pesquisaProduto=${encodeURIComponent(text)}`);
    setSearchOpen(false);
  };

  const onSearchButton = () => {
    if (!searchOpen) setSearchOpen(true);
    else submitSearch();
  };

  const digital = products.data?.listProdutoDigital;
  const fisico = products.data?.listProdutoFisico;

  return (
    <div className={styles.slot}>
      <header className={`${styles.header} ${fixed ? styles.fixed : ''}`} data-fixed={fixed || undefined}>
        <div className={styles.bar}>
          <button
            type="button"
            className={`${styles.iconButton} ${styles.hamburger}`}
            aria-label="Abrir menu"
            aria-expanded={mobileOpen}
            onPointerEnter={() => void loadMobileMenu()}
            onFocus={() => void loadMobileMenu()}
            onClick={() => {
              setMobileMounted(true);
              setMobileOpen(true);
            }}
          >
            <MenuIcon size={24} aria-hidden="true" />
          </button>

          <div className={styles.logoSlot}>
            <Logo />
          </div>

          <nav className={styles.nav} aria-label="Principal">
            <ul className={styles.navList}>
              <li>
                <NavLink to="/loja" className={styles.navLink}>
                  Loja
                </NavLink>
              </li>
              <li>
                <ProductMenu
                  label="Produtos digitais"
                  items={digital}
                  loading={products.isPending}
                  allTo="/loja/digitais"
                />
              </li>
              <li>
                <ProductMenu label="Produtos" items={fisico} loading={products.isPending} allTo="/loja/fisicos" />
              </li>
              <li>
                <NavLink to="/artigos" className={styles.navLink}>
                  Artigos
                </NavLink>
              </li>
              <li>
                <NavLink to="/contato" className={styles.navLink}>
                  Contato
                </NavLink>
              </li>
            </ul>
          </nav>

          <div className={styles.actions}>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={searchOpen && term.trim() ? 'Pesquisar' : 'Abrir pesquisa'}
              aria-expanded={searchOpen}
              aria-controls={searchOpen ? searchId : undefined}
              onPointerEnter={() => void loadSearchBar()}
              onFocus={() => void loadSearchBar()}
              onClick={onSearchButton}
            >
              <Search size={22} aria-hidden="true" />
            </button>

            {isSignedIn && user ? (
              <Suspense
                fallback={<AvatarButton name={name} aria-haspopup="menu" onClick={() => setMenuRequested(true)} />}
              >
                <UserMenu user={user} name={name} defaultOpen={menuRequested} />
                <NotificationBell />
              </Suspense>
            ) : (
              <Link to="/signIn" className={styles.iconButton} aria-label="Entrar na minha conta">
                <UserRound size={22} aria-hidden="true" />
              </Link>
            )}

            {showCart && (
              <button
                type="button"
                className={styles.iconButton}
                aria-label={`Sacola: ${quantity} ${quantity === 1 ? 'item' : 'itens'}`}
                aria-haspopup="dialog"
                onPointerEnter={() => void bag?.load()}
                onFocus={() => void bag?.load()}
                onClick={() => {
                  setBagMounted(true);
                  setBagOpen(true);
                }}
              >
                <ShoppingBag size={22} aria-hidden="true" />
                {quantity > 0 && (
                  <span className={styles.badge} data-testid="cart-badge" aria-hidden="true">
                    {quantity > 99 ? '99+' : quantity}
                  </span>
                )}
              </button>
            )}
          </div>
        </div>

        {searchOpen && (
          <Suspense fallback={null}>
            <SearchBar
              id={searchId}
              value={term}
              onChange={setTerm}
              onSubmit={submitSearch}
              onClose={() => setSearchOpen(false)}
            />
          </Suspense>
        )}
      </header>

      <Suspense fallback={null}>
        {mobileMounted && (
          <MobileMenu
            open={mobileOpen}
            onOpenChange={setMobileOpen}
            digital={digital}
            fisico={fisico}
            loading={products.isPending}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {bagMounted && showCart && bag && <bag.Drawer open={bagOpen} onOpenChange={setBagOpen} />}
      </Suspense>
    </div>
  );
}

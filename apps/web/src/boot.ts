/**
 * The first script of a page the server rendered (ADR 019), in place of the app's entry: it lets the browser paint
 * the page and fetch what the visitor sees (styles, fonts, the pictures above the fold) before the app's code
 * competes with them, and it evaluates the app only after that, so the app's start-up never delays what the
 * visitor can already read.
 *
 * The server ships the page's modules as modulepreload links inside `<template id="modulos-da-pagina">`, which the
 * browser does not fetch. Once the page has loaded (sooner if the visitor touches the page or a key, or after
 * LOAD_WAIT_MS if a picture is slow), they move into the head and download together. On the next frame React DOM is
 * imported, then the page's modules one by one in the template's order, where each comes after the modules it
 * imports, so each is evaluated in a task of its own and no single task keeps the page from answering for long; the
 * entry (named by `data-entry`) is among them, or last.
 *
 * Until the app has started (`html[data-app-ready]`, app/app-root.tsx), a tap on one of the page's buttons would do
 * nothing: its handler is not attached yet. Such taps are held here and replayed, in order, once the app has started,
 * so two quick taps on 'Incluir' put two units in the bag. Links keep working on their own.
 */
const script = document.querySelector<HTMLScriptElement>('script[data-entry]');
const entry = script?.dataset.entry ?? '';

/** A module of the build. */
const MODULE_HREF = /^\/assets\/[\w.-]+\.js$/;

/** The longest the app waits for the page's pictures and fonts before it starts anyway. */
const LOAD_WAIT_MS = 3000;

/** Lets the browser paint and handle input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Input that means the visitor wants to act now: the app stops waiting for the pictures. */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * The page's `load` event (already past, or still to come), the visitor's first touch, key or focus, or
 * LOAD_WAIT_MS, whichever comes first.
 */
const pageLoaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') return resolve();
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('load', done);
      for (const type of INTENT_EVENTS) window.removeEventListener(type, done, true);
      resolve();
    };
    const timer = setTimeout(done, LOAD_WAIT_MS);
    window.addEventListener('load', done);
    for (const type of INTENT_EVENTS) window.addEventListener(type, done, { capture: true, passive: true });
  });

/** Buttons tapped before the app started, in order. */
const heldTaps: HTMLButtonElement[] = [];

const appStarted = () => document.documentElement.hasAttribute('data-app-ready');

/** A click on an enabled button before the app has started: kept for later instead of lost (or submitting a form). */
function holdTap(event: MouseEvent): void {
  if (appStarted()) return;
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || button.disabled || !document.getElementById('root')?.contains(button)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  heldTaps.push(button);
}

/** Once the app has started: the held taps, on the buttons still in the page, then nothing more is held. */
function replayTaps(): void {
  document.removeEventListener('click', holdTap, true);
  for (const button of heldTaps.splice(0)) if (button.isConnected && !button.disabled) button.click();
}

function holdTapsUntilStarted(): void {
  document.addEventListener('click', holdTap, true);
  const observer = new MutationObserver(() => {
    if (!appStarted()) return;
    observer.disconnect();
    // After the effects of the commit that started the app, so every handler is attached.
    setTimeout(replayTaps, 0);
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-app-ready'] });
}

async function boot(): Promise<void> {
  await pageLoaded();
  const template = document.getElementById('modulos-da-pagina');
  const modules: string[] = [];
  if (template instanceof HTMLTemplateElement) {
    for (const link of template.content.querySelectorAll('link')) modules.push(link.getAttribute('href') ?? '');
    document.head.append(template.content);
  }
  await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  await nextTask();
  // React DOM is a third of the entry's evaluation. (Only whole-module libraries here: importing one that the
  // entry tree-shakes, like zod, would put all of it in the bundle.)
  await import('react-dom/client');
  // The page's modules in the template's order, each after those it imports (the entry among them), one per task:
  // the app's start-up is several short tasks instead of one long one. Then the entry, if no link named it.
  for (const href of modules) {
    if (!MODULE_HREF.test(href)) continue;
    await nextTask();
    await import(/* @vite-ignore */ href);
  }
  await nextTask();
  await import(/* @vite-ignore */ entry);
}

if (MODULE_HREF.test(entry)) {
  holdTapsUntilStarted();
  void boot();
}

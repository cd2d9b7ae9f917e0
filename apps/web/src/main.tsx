import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

/** The next task: the browser paints and answers a tap between the start's steps (decision 0041). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves in the task after the browser's next paint (the frame after the next, which follows that paint). */
const afterNextPaint = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));

/**
 * Resolves once the photos the server asked for first (`fetchpriority="high"`: a product's photo, the first
 * cards) have arrived or failed and the page has been painted with them, or 2 s after the script runs.
 * On a slow line they then have the bandwidth to themselves rather than share it with the app's 120 KB of
 * script (decision 0041).
 */
async function firstPhotosShown() {
  const waiting = [...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')].filter((image) => !image.complete);
  const arrived = waiting.map(
    (image) => new Promise((resolve) => ['load', 'error'].forEach((event) => image.addEventListener(event, resolve, { once: true }))),
  );
  // The cap holds in a tab opened in the background too, where no frame is drawn until it is shown.
  await Promise.race([Promise.all(arrived).then(afterNextPaint), new Promise((resolve) => setTimeout(resolve, 2000))]);
}

/**
 * The public catalogue's pages come rendered by the server as a guest sees them (decision 0025). A guest's
 * browser hydrates that HTML; a signed-in visitor's page differs (their header, cart, the seller's preview),
 * so their browser draws it afresh over the server's HTML, as for every other page. The start runs in steps,
 * each its own task, so that no single one holds a phone's main thread for long (decision 0041): the app's
 * modules, its store with the server's answers, its router (which then loads the page's own modules), the page.
 */
async function start(root: HTMLElement) {
  await firstPhotosShown();
  const { prepareState, createAppRouter, mount } = await import('./app/start/app');
  await nextTask();
  const { store, hydrationData } = prepareState();
  await nextTask();
  const router = createAppRouter(hydrationData);
  // Hydrate only once the router has loaded the page's lazy modules, or it would draw its fallback over the page.
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  await nextTask();
  mount(root, store, router, hydrationData !== undefined);
}

void start(container);

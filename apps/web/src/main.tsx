import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

/** The next task: the browser paints and answers a tap between the start's steps (decision 0041). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves in the task after the browser's next paint (the frame after the next, which follows that paint). */
const afterNextPaint = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));

/** Marked when the start went ahead because it had waited 2 s (the journeys check a page's start never has to). */
const START_CAPPED = 'marketplace:start-capped';

/**
 * Resolves once the photos the server asked for first (`fetchpriority="high"`: a product's photo, the first
 * cards) have arrived or failed and the page has been painted with them, or 2 s after the script runs.
 * On a slow line they then have the bandwidth to themselves rather than share it with the app's 120 KB of
 * script (decision 0041).
 */
async function firstPhotosShown() {
  const photos = [...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')];
  const arrived = photos
    .filter((image) => !image.complete)
    .map((image) => new Promise((resolve) => ['load', 'error'].forEach((event) => image.addEventListener(event, resolve, { once: true }))));
  // A page the server drew is painted before the app is asked for; a page it did not (an empty root) has
  // nothing to paint until the app draws it, so it waits for no paint.
  const painted = photos.length > 0 ? [firstContentfulPaint()] : [];
  // The cap holds in a tab opened in the background too, where no frame is drawn until it is shown.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const capped = new Promise((resolve) => {
    timer = setTimeout(() => resolve(performance.mark(START_CAPPED)), 2000);
  });
  await Promise.race([Promise.all([...arrived, ...painted]).then(afterNextPaint), capped]);
  clearTimeout(timer);
}

/**
 * Resolves once the page's first contentful paint has reached the screen, as the browser reports it (a frame
 * asked for is not yet a frame shown: on a busy phone the first paint came 50 ms after the frames above, and
 * the app's script was asked for before it); at once where the browser does not report paints.
 */
function firstContentfulPaint() {
  return new Promise<void>((resolve) => {
    if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * The public catalogue's pages come rendered by the server as a guest sees them (decision 0025). A guest's
 * browser hydrates that HTML; a signed-in visitor's page differs (their header, cart, the seller's preview),
 * so their browser draws it afresh over the server's HTML, as for every other page. The start runs in steps,
 * each its own task, so that no single one holds a phone's main thread for long (decision 0041): the libraries,
 * the app's modules, its store with the server's answers, its router (which then loads the page's own modules),
 * the page.
 */
async function start(root: HTMLElement) {
  await firstPhotosShown();
  // The libraries first, each in a task of its own (React's DOM, the router, the store's), then the app's own
  // modules: four tasks rather than one of ≈ 0.4 s on a phone.
  await import('./app/start/react-dom');
  await nextTask();
  await import('./app/start/router-library');
  await nextTask();
  await import('./app/start/libraries');
  await nextTask();
  const { prepareState, createAppRouter, mount } = await import('./app/start/app');
  await nextTask();
  const { store, hydrationData } = prepareState();
  await nextTask();
  const router = await createAppRouter(hydrationData);
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

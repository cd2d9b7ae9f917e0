import { describe, expect, it } from 'vitest';

// The rule, enforced: a form keeps its values, messages and submit with `useForm` (lib/use-form.ts),
// never with a handful of useStates of its own. Every component that renders a <form> calls the hook.
const SOURCES = import.meta.glob<string>(['../features/**/*.tsx', '!../features/**/*.test.tsx'], { query: '?raw', import: 'default', eager: true });

/** Forms that keep their own state on purpose: the file (from `features/`) and why. */
const OWN_STATE: Readonly<Record<string, string>> = {
  'catalog/pages/product-details-page.tsx':
    'Add to cart is a quantity stepper, a checkbox, a list per variation and the personalisation box: the quantity is clamped as it is typed and a variation is chosen from its options, so no field can be wrong (a variation not chosen yet is said under its list); the box has the one rule of the domain’s personalizationProblem, said under it; a failure is a toast. The page is on the shop’s first load.',
  'search/components/header-search.tsx':
    'One search box whose submit only navigates to the results; nothing to check, nothing sent. It is in the header of every shop page.',
  'catalog/components/product-filters.tsx':
    'The price range is a filter in the address, not a body sent to the API: its values follow the URL (back/forward, “Clear filters”). It is on the shop’s first load.',
};

/** A top-level declaration starts a new component (or helper) at the start of a line. */
const TOP_LEVEL = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\s+\w+|const\s+\w+\s*=)/;

/** The top-level components of a file that render a <form> and do not call useForm. */
function componentsWithOwnFormState(source: string): string[] {
  const lines = source.split('\n');
  const starts = lines.flatMap((line, index) => (TOP_LEVEL.test(line) ? [index] : []));
  return starts.flatMap((start, position) => {
    const body = lines.slice(start, starts[position + 1] ?? lines.length).join('\n');
    if (!/<form[\s>]/.test(body) || /\buseForm\s*[<(]/.test(body)) return [];
    return [/(?:function|const)\s+(\w+)/.exec(lines[start] ?? '')?.[1] ?? `line ${start + 1}`];
  });
}

const offending = Object.entries(SOURCES).flatMap(([path, source]) => {
  const file = path.replace('../features/', '');
  const components = componentsWithOwnFormState(source);
  return components.length > 0 ? [{ file, components }] : [];
});

describe('form state in the web app', () => {
  it('reads the feature components', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    expect(
      componentsWithOwnFormState(
        'export function A() {\n  const [x, setX] = useState(1);\n  return <form>{x}</form>;\n}\nfunction B() {\n  const form = useForm({ initialValues: {} });\n  return <form />;\n}\n',
      ),
    ).toEqual(['A']);
  });

  it('is kept with useForm by every component that renders a <form>', () => {
    const unexplained = offending.filter(({ file }) => !(file in OWN_STATE)).map(({ file, components }) => `${file} (${components.join(', ')})`);
    expect(unexplained, 'Keep the form’s state with useForm (lib/use-form.ts)').toEqual([]);
  });

  it('allows its own state only where a reason is written', () => {
    const offendingFiles = new Set(offending.map(({ file }) => file));
    const stale = Object.keys(OWN_STATE).filter((file) => !offendingFiles.has(file));
    expect(stale, 'These files use useForm (or are gone): take them off the list').toEqual([]);
  });
});

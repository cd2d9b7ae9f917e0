import { describe, expect, it } from 'vitest';
import { defineModule, LatePort, registerModules, type ModuleApp, type ModuleContext, type Platform, type PortToFill } from './define-module';

// registerModules (docs/decisions/0036-modules-register-themselves.md): each module sees the seed and what
// the modules before it published, a name is published once, and no late port is left empty.

const app = {} as ModuleApp;
const platform = {} as Platform;

const lower = defineModule({
  name: 'users',
  async register(_app, _context: ModuleContext) {
    const port = new LatePort<() => string>('users: a greeting (the cart module fills it)');
    return { port, greet: () => port.get()() };
  },
});

describe('registerModules', () => {
  it('hands each module what the modules before it published, and fills late ports from above', async () => {
    const seen: string[][] = [];
    const higher = defineModule({
      name: 'cart',
      async register(_app, context: ModuleContext<{ port: PortToFill<() => string> }>) {
        seen.push(Object.keys(context).sort());
        context.port.fill(() => 'hello');
        return { cart: 'cart' };
      },
    });
    const published = await registerModules(app, { ...platform, seedOnly: 1 }, [lower, higher]);
    expect(seen).toEqual([['greet', 'port', 'seedOnly']]);
    expect(published.greet()).toBe('hello');
    expect(published.cart).toBe('cart');
  });

  it('stops the boot when a late port is left empty', async () => {
    await expect(registerModules(app, platform, [lower])).rejects.toThrow('No module filled these ports: users: a greeting (the cart module fills it)');
  });

  it('a late port read before it is filled, or filled twice, throws', () => {
    const port = new LatePort<number>('a number');
    expect(() => port.get()).toThrow('a number: not filled yet');
    port.fill(1);
    expect(port.get()).toBe(1);
    expect(() => port.fill(2)).toThrow('a number: filled twice');
  });

  it('stops the boot when two modules publish one name', async () => {
    const again = defineModule({ name: 'cart', register: async (_app, _context: ModuleContext) => ({ seedOnly: 2 }) });
    await expect(registerModules(app, { ...platform, seedOnly: 1 }, [again])).rejects.toThrow('Module cart publishes seedOnly, which app.ts already did');
  });
});

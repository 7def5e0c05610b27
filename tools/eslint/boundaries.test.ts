import { describe, expect, it } from 'vitest';
import { violation } from './boundaries.js';

const root = '/repo';
const at = (p: string) => `${root}/${p}`;

describe('import boundaries', () => {
  it('refuses a feature importing another feature, relatively or through the alias', () => {
    expect(violation(at('apps/web/src/features/cart/components/a.tsx'), '../../auth/api/login', root)).toMatch(
      /feature "cart"/,
    );
    expect(violation(at('apps/web/src/features/cart/a.tsx'), '@/features/auth/x', root)).toMatch(/feature/);
  });
  it('allows imports inside a feature and of shared web code', () => {
    expect(violation(at('apps/web/src/features/cart/components/a.tsx'), '../api/get-cart', root)).toBeNull();
    expect(violation(at('apps/web/src/features/cart/a.tsx'), '../../components/ui/button', root)).toBeNull();
    expect(violation(at('apps/web/src/features/cart/a.tsx'), '@clinica/shared/money', root)).toBeNull();
  });
  it('refuses the web importing the API', () => {
    expect(violation(at('apps/web/src/lib/a.ts'), '../../../api/src/app', root)).toMatch(/API/);
    expect(violation(at('apps/web/src/lib/a.ts'), '@clinica/api/app', root)).toMatch(/API/);
  });
  it('refuses shared importing an app', () => {
    expect(violation(at('packages/shared/src/a.ts'), '../../../apps/web/src/x', root)).toMatch(/shared/);
    expect(violation(at('packages/shared/src/a.ts'), '@clinica/api', root)).toMatch(/shared/);
    expect(violation(at('packages/shared/src/a.ts'), './money.js', root)).toBeNull();
  });
  it("refuses the web's shared code importing a feature or the app", () => {
    expect(violation(at('apps/web/src/components/ui/a.tsx'), '../../features/cart/x', root)).toMatch(/components\//);
    expect(violation(at('apps/web/src/lib/a.ts'), '@/app/routes', root)).toMatch(/lib\//);
    expect(violation(at('apps/web/src/lib/a.ts'), '../components/ui/button', root)).toBeNull();
    expect(violation(at('apps/web/src/app/routes.tsx'), '../features/cart/page', root)).toBeNull();
  });
});

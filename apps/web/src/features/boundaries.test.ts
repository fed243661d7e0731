// The feature-boundaries lint rule of eslint.config.js, run on code placed where it would live.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: ROOT });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'waymarks/feature-boundaries')
    .map((message) => message.message);
}

// The first lint loads the TypeScript parser, which takes seconds on a busy machine.
describe('feature boundaries', { timeout: 60_000 }, () => {
  it("refuses a feature reaching into another feature's files", async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/media/components/Probe.ts',
      "import { PinClusters } from '../../dashboard/clusters';\nexport const probe = PinClusters;\n",
    );

    expect(errors).toEqual([
      "Feature 'media' imports '../../dashboard/clusters' inside feature 'dashboard': import from 'dashboard' (its index.ts) instead.",
    ]);
  });

  it("lets a feature use another feature's public index and its own files", async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/media/components/Probe.ts',
      "import { usePins } from '../../pins';\nimport { mediaKeys } from '../api/media';\nexport const probe = [usePins, mediaKeys];\n",
    );

    expect(errors).toEqual([]);
  });

  it('refuses a shared component importing any feature, even its index', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/components/Probe.ts',
      "import { usePins } from '../features/pins';\nexport const probe = usePins;\n",
    );

    expect(errors).toEqual([
      "components/ is shared by every feature and may not import feature 'pins' ('../features/pins').",
    ]);
  });

  it('lets routes compose features from their insides', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/routes/probe.tsx',
      "import { DashboardHeader } from '../features/dashboard/components/DashboardHeader';\nexport const probe = DashboardHeader;\n",
    );

    expect(errors).toEqual([]);
  });
});

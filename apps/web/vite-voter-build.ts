// Runs the voter pages' build (vite.voter.config.ts) after the admin app's, into the same folder, so every
// `vite build` (npm run build, the e2e and bench builds with their own --outDir) writes both.
import { build, type LogLevel, type Plugin } from 'vite';
import path from 'node:path';

export function voterBuildPlugin(): Plugin {
  let outDir = 'dist';
  let root = '.';
  let logLevel: LogLevel | undefined;
  return {
    name: 'kaoping-voter-build',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      logLevel = config.logLevel;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        await build({
          root,
          configFile: path.join(root, 'vite.voter.config.ts'),
          logLevel,
          build: { outDir },
        });
      },
    },
  };
}

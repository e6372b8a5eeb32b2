import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'
import { bundleBudget } from './scripts/bundle-budget.js'
import { precompress } from './scripts/precompress.js'

// The api and realtime servers (tooling/serve) listen on :8080 in development.
const backend = 'http://localhost:8080'

/**
 * A build is a production build, whatever NODE_ENV the shell has (docs/bundle-budgets.md).
 * Vite keeps an existing NODE_ENV, and `NODE_ENV=development` would build React's development
 * bundle (about 60 KiB gzip more) and development JSX. Set in the `config` hook, which runs
 * before Vite decides `isProduction` and the value it defines for `process.env.NODE_ENV`.
 * Only `--mode production` (the build's default) is forced: another mode keeps Vite's rules.
 */
const productionBuild = (): Plugin => {
  let overridden: string | undefined
  return {
    name: 'palabre:production-build',
    apply: 'build',
    config(_config, { mode }) {
      if (mode !== 'production' || process.env.NODE_ENV === 'production') return
      overridden = process.env.NODE_ENV
      process.env.NODE_ENV = 'production'
    },
    configResolved(config) {
      if (overridden !== undefined)
        config.logger.info(`NODE_ENV=${overridden} ignored: building for production.`)
    },
  }
}

export default defineConfig({
  // precompress before bundleBudget: the report reads the twins it writes.
  plugins: [productionBuild(), react(), precompress(), bundleBudget()],
  resolve: {
    // Workspace packages are consumed from their TypeScript sources.
    conditions: ['@palabre/source', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Read by the bundle budget report (docs/bundle-budgets.md).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        // Pages are loaded lazily (src/routes.tsx); a group must not undo that by merging what
        // one page needs into a chunk every page loads (docs/bundle-budgets.md).
        codeSplitting: {
          groups: [
            {
              // What every page loads: React, the router, the translations.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|use-sync-external-store)[\\/]/,
            },
            {
              // The app itself, which every page loads beside the entry (src/main.tsx): its root,
              // the routes table, i18n with the public texts, and what every page shows (the
              // loading screen, the route error, the brand, the language toggle). One chunk, not
              // one per piece: each file is a request, and a phone on a slow network pays for
              // each (docs/bundle-budgets.md, "First paint"). Not their dependencies: the
              // entry's own modules stay in the entry.
              name: 'app',
              test: /[\\/]apps[\\/]web[\\/]src[\\/](app\.tsx|routes\.tsx|config\.ts|i18n[\\/](index|texts|language-setting|use-lang)\.ts|i18n[\\/]catalogue[\\/]public\.ts|components[\\/](loading-screen|route-error|brand|language-toggle)\.(tsx|css))$|[\\/]packages[\\/]contracts[\\/]src[\\/]pricing\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // The pages that call the api: react-query and the app's query client, one chunk.
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]|[\\/]apps[\\/]web[\\/]src[\\/]lib[\\/]query-client\.ts$/,
            },
            {
              // What the forms of the account pages and of the wall share: fields, alerts, the
              // contracts' messages and the api's errors. One chunk rather than five small ones.
              name: 'forms',
              test: /[\\/]apps[\\/]web[\\/]src[\\/](components[\\/](text-field|form-alert|form)\.(tsx|css)|lib[\\/](api-error|error-message)\.ts)$|[\\/]packages[\\/]contracts[\\/]src[\\/]messages\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // Loaded only by the pages that validate or call the api, never the landing page.
              name: 'schema',
              test: /node_modules[\\/](zod|@asteasolutions)[\\/]/,
            },
            {
              // The phone metadata: only the pages where a phone is typed (sign-in, sign-up, a
              // new contact) load it; the wall's first load does not.
              name: 'phone',
              test: /node_modules[\\/]libphonenumber-js[\\/]/,
            },
            // One chunk per set of pages that share libraries, not one chunk for all of them.
            { name: 'vendor', test: /node_modules[\\/]/, entriesAware: true },
          ],
        },
      },
    },
  },
})

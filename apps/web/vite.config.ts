import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

// The api and realtime servers (tooling/serve) listen on :8080 in development.
const backend = 'http://localhost:8080'

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            {
              name: 'schema',
              test: /node_modules[\\/](zod|libphonenumber-js|@asteasolutions)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
})

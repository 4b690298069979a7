import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import UnoCSS from 'unocss/vite'
import { defineConfig } from 'vite'

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080'

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), UnoCSS()],
  server: {
    proxy: {
      '/x-api': { target: apiTarget, changeOrigin: true, ws: true },
      '/spot/ws': { target: apiTarget, ws: true },
    },
  },
  build: { target: 'es2022', sourcemap: false },
})

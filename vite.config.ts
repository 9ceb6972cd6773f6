import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// django-vite reads the manifest; Django serves the output from frontend/dist.
export default defineConfig({
  plugins: [react()],
  base: "/static/",
  root: ".",
  build: {
    outDir: "frontend/dist",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    cssCodeSplit: true,
    rolldownOptions: {
      input: { main: "frontend/main.ts" },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    origin: "http://localhost:5173",
  },
  test: {
    // Component tests (*.test.tsx) ask for jsdom in their first line; the rest run in Node.
    include: ["frontend/**/*.test.{ts,tsx}"],
    environment: "node",
  },
});

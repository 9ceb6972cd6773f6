// ESLint for the TypeScript islands and libraries: typescript-eslint's type-aware
// recommended rules plus the React hooks rules. Run by `make lint`.
import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  // Django templates (the service worker is one) hold template tags, not plain JS.
  {
    ignores: [
      "frontend/dist/**",
      "node_modules/**",
      "staticfiles/**",
      ".venv/**",
      ".tools/**",
      "**/templates/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  reactHooks.configs.flat["recommended-latest"],
  comments.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A rule may only be switched off with a comment that says why (`-- reason`).
      "@eslint-community/eslint-comments/require-description": "error",
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Build scripts and this file run in Node, not in the browser.
    files: ["eslint.config.js", "vite.config.ts", "scripts/**"],
    languageOptions: { globals: { ...globals.node } },
  },
);

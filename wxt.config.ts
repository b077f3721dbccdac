import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

export default defineConfig({
  // Explicit imports everywhere: modules stay readable and run unchanged under vitest and Node.
  imports: false,
  vite: () => ({ plugins: [preact()] }),
  manifest: {
    name: 'Pageclip',
  },
});

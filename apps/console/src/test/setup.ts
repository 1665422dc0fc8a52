import '../../../../scripts/vitest-dom-setup.ts';

export { default } from '../../scripts/postcss-mantine.mjs';

module.exports = require('../../scripts/postcss-mantine.cjs');

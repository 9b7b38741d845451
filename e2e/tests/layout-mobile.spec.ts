import { layoutTests } from '../support/layout-screens';

// Issue 12 item 5 on a phone: the config's Pixel 7 (412 px), and 375 px.
layoutTests(null, 'pixel7');
layoutTests(375, '375');

/** The Material theme, coloured from the product config (SPEC §9: material design mode). */
import { createTheme } from '@mui/material/styles';
import { product } from '@config/product';

export const theme = createTheme({
  palette: {
    primary: { main: product.themeColor },
    background: { default: product.backgroundColor },
  },
});

/**
 * react-toastify and its stylesheet, loaded by `toast.tsx` the first time a
 * toast is shown (≈ 6 KB gzip that no page needs before that: docs/quality.md#p6-javascript-of-the-public-pages).
 */
import 'react-toastify/ReactToastify.css';

export { toast, ToastContainer } from 'react-toastify/unstyled';

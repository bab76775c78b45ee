// The smallest React app: the baseline the renderer's initial JavaScript is compared with.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(<div />);

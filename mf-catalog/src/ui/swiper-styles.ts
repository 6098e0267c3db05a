// Swiper's core stylesheet, bundled into this remote's CSS (no module CSS is needed: arrows
// and dots are our own buttons with Russian labels).
import 'swiper/css';

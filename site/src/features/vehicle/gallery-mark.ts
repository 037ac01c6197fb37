/** The mark the car gallery's server HTML carries, so the browser knows to load its code before hydrating (vehicle-gallery-part.tsx). */
export const GALLERY_MARK = 'data-vehicle-gallery';

import type { Car } from '../../../../schema/api/car.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { Gallery, type GallerySlide } from '../../components/ui/gallery.tsx';
import { isAvailable } from '../../domain/availability.ts';
import { cdnImageUrl, cdnSrcSet, noPhotosText } from '../../domain/image-url.ts';
import { showThumbnails, thumbnailsScroll, videoSlideIndex, videoSource } from '../../domain/vehicle-media.ts';
import { GALLERY_MARK } from './gallery-mark.ts';
import styles from './vehicle.module.css';

/**
 * The car's photos in the gallery (spec §2): the first photo loads eagerly (it is the page's
 * largest paint), the rest lazily; the video slide sits at the tenant's position.
 */
export function VehicleGallery({ car, title }: { car: Car; title: string }) {
  const tenant = useTenant();
  const base = tenant.api.imageCdnBaseUrl;
  const quality = tenant.limits.imageQuality;
  const photos = car.images.filter((image) => !image.video);
  const slides: GallerySlide[] = photos.map((image, index) => ({
    key: image.image.url,
    label: `Photo ${index + 1}`,
    thumb: cdnImageUrl(base, image.image.thumb.url || image.image.url, 240, quality),
    content: (
      <img
        src={cdnImageUrl(base, image.image.url, 960, quality) ?? ''}
        srcSet={cdnSrcSet(base, image.image.url, [480, 768, 960, 1280], quality) ?? undefined}
        sizes="(min-width: 992px) 60vw, 100vw"
        width={960}
        height={540}
        alt={index === 0 ? title : `${title}, view ${index + 1}`}
        loading={index === 0 ? 'eager' : 'lazy'}
        decoding="async"
        {...(index === 0 ? { fetchPriority: 'high' as const } : {})}
      />
    ),
    fullscreen: <img src={cdnImageUrl(base, image.image.url, 1920, quality) ?? ''} width={1920} height={1080} alt={`${title}, view ${index + 1}`} decoding="async" />,
  }));
  const video = videoSource(car.external_video_url ?? car.video_url);
  if (video) {
    const player =
      video.kind === 'embed' ? (
        // oxlint-disable-next-line react/iframe-missing-sandbox -- the video sites' players need scripts and their own origin
        <iframe className={styles.video} src={video.src} sandbox="allow-scripts allow-same-origin allow-presentation" title={`${title} video`} loading="lazy" allow="encrypted-media; picture-in-picture; fullscreen" />
      ) : (
        <video className={styles.video} src={video.src} loop muted playsInline autoPlay controls aria-label={`${title} video`} />
      );
    slides.splice(videoSlideIndex(slides.length, tenant.limits.videoSlidePosition), 0, { key: 'video', label: 'Video', content: player, thumb: null });
  }
  if (slides.length === 0) return <div className={styles.noPhotos} {...{ [GALLERY_MARK]: '' }}>{noPhotosText(isAvailable(car))}</div>;
  return <Gallery label={`${title} photos`} slides={slides} thumbnails={showThumbnails(photos.length)} thumbnailsScroll={thumbnailsScroll(slides.length)} mark={GALLERY_MARK} />;
}

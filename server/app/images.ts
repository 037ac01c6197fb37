import path from 'node:path';
import { MAX_ID } from '../http/core.ts';
import { FORMATS, imageParams, renderImage, renderPhoto, sceneSvg, type ImageFormat, type ImageScene } from '../images.ts';
import type { AppDeps, Surface, TenantRequest } from './deps.ts';
import { guardHeaders, sendJson } from './respond.ts';

/*
 * Generated and imported images (/images/*): a car's photos (downloaded ones resized from the
 * stored original, else a drawn scene of its body and colour), brand logos, model colours,
 * article banners and offer pictures; cached on disk, immutable in browsers.
 */

/** The /images/* surface. */
export function imageSurface(deps: AppDeps): Surface {
  return {
    claims: (pathname) => pathname.startsWith('/images/'),
    handle: (request) => handleImage(deps, request),
  };
}

async function handleImage(deps: AppDeps, { req, res, tenant, siteId, pathname, url }: TenantRequest): Promise<void> {
  const params = imageParams(url.searchParams);
  if ('error' in params) return sendJson(req, res, 400, { error: `Invalid query: ${params.error}` });
  const m = /^\/images\/(cars|brands|models|blog|offers)\/(.+)\.(webp|avif|jpg|svg)$/.exec(pathname);
  if (!m) return sendJson(req, res, 404, { error: `No image ${pathname}` });
  const [, kind, rest = '', ext = 'webp'] = m;
  const cacheDir = path.join(deps.imageCacheDir, tenant.slug);
  let scene: ImageScene | undefined;
  let key = `${kind}-${rest}`;
  if (kind === 'cars') {
    const cm = /^(\d{1,10})\/(?:(\d{1,3})|interior|spin\/(\d{1,3}))$/.exec(rest);
    if (cm && Number(cm[1]) > MAX_ID) return sendJson(req, res, 400, { error: `Invalid path: car id must be at most ${MAX_ID}` });
    const car = cm && (await deps.services.carIsPublic(tenant, Number(cm[1])))
      ? await deps.db.selectFrom('cars').select(['id', 'item_type', 'make', 'model', 'year', 'simple_body', 'colour', 'details']).where('site_id', '=', siteId).where('id', '=', Number(cm[1])).executeTakeFirst()
      : undefined;
    if (!cm || !car) return sendJson(req, res, 404, { error: `No image ${pathname} on this site` });
    const position = cm[2] ? Number(cm[2]) : undefined;
    if (Array.isArray(car.details.feed_photos)) {
      // An imported car: its downloaded photos only, resized from the stored original.
      const file = position !== undefined && ext !== 'svg' && car.details.feed_photos.includes(position) ? await deps.feedPhotos.file(car.id, position) : null;
      if (!file) return sendJson(req, res, 404, { error: `No image ${pathname} on this site` });
      const buf = await renderPhoto(cacheDir, `car-${car.id}-${path.basename(file, path.extname(file))}`, file, params.width, params.quality, ext as ImageFormat);
      res.writeHead(200, { ...guardHeaders(req, 'asset'), 'Cache-Control': 'public, max-age=31536000, immutable', 'Access-Control-Allow-Origin': '*', 'Content-Type': FORMATS[ext as ImageFormat], 'Content-Length': String(buf.length) });
      res.end(req.method === 'HEAD' ? undefined : buf);
      return;
    }
    const photos = Number(car.details.photos_count ?? 0);
    if (position !== undefined && (position < 1 || position > photos)) return sendJson(req, res, 404, { error: `Car ${car.id} has ${photos} photos` });
    const img = position !== undefined
      ? await deps.db.selectFrom('car_images').select('angle').where('car_id', '=', car.id).where('kind', '=', 'photo').where('position', '=', position).executeTakeFirst()
      : undefined;
    const angle = cm[3] !== undefined ? String(Number(cm[3]) * 10) : position === undefined ? 'panorama' : img?.angle ?? 'side';
    scene = {
      kind: car.item_type === 'caravan' ? 'caravan' : car.item_type === 'motorcycle' ? 'motorcycle' : car.item_type === 'truck' ? 'truck' : 'car',
      body: car.simple_body,
      colour: String(car.details.colour_hex ?? '#8a9099'),
      angle,
      // The demo photo's own caption, drawn on the picture: year, make and model fit its width.
      title: `${car.year} ${car.make} ${car.model}`,
      subtitle: angle.replace(/-/g, ' '),
    };
    key = `car-${car.id}-${rest.replace(/\//g, '-')}`;
  } else if (kind === 'brands') {
    const brand = await deps.db.selectFrom('brand_directory').select(['title']).where('site_id', '=', siteId).where('slug', '=', rest).executeTakeFirst();
    const manufacturer = brand ? undefined : await deps.db.selectFrom('manufacturers').select(['name as title']).where('slug', '=', rest).executeTakeFirst();
    const title = brand?.title ?? manufacturer?.title;
    if (!title) return sendJson(req, res, 404, { error: `No brand ${rest}` });
    scene = { kind: 'logo', colour: tenant.config.theme.colours.primary, title };
  } else if (kind === 'models') {
    const slug = rest.split('/')[0] ?? '';
    const model = await deps.db.selectFrom('models').select(['full_name', 'id']).where('slug', '=', slug).executeTakeFirst();
    if (!model) return sendJson(req, res, 404, { error: `No model ${slug}` });
    const colourId = /\/colours\/(\d+)$/.exec(rest)?.[1];
    const colour = colourId && Number(colourId) <= MAX_ID ? await deps.db.selectFrom('model_colours').select(['hex', 'name']).where('id', '=', Number(colourId)).where('model_id', '=', model.id).executeTakeFirst() : undefined;
    const line = await deps.db.selectFrom('cars').select('simple_body').where('site_id', '=', siteId).where('model', '=', model.full_name.split(' ').slice(1).join(' ')).executeTakeFirst();
    scene = { kind: 'car', body: line?.simple_body ?? 'SUV', colour: colour?.hex ?? '#1f4e8c', angle: 'front-three-quarter', title: model.full_name, subtitle: colour?.name };
  } else if (kind === 'blog') {
    const post = await deps.db.selectFrom('blog_posts').select(['heading', 'category']).where('site_id', '=', siteId).where('slug', '=', rest).executeTakeFirst();
    if (!post) return sendJson(req, res, 404, { error: `No blog post ${rest}` });
    scene = { kind: 'banner', colour: tenant.config.theme.colours.primary, title: post.heading.slice(0, 48), subtitle: post.category };
  } else {
    if (!/^\d{1,10}$/.test(rest) || Number(rest) > MAX_ID) return sendJson(req, res, 400, { error: `Invalid path: offer id must be a whole number from 1 to ${MAX_ID}` });
    const offer = await deps.db.selectFrom('offers').select(['title', 'category', 'make', 'model']).where('site_id', '=', siteId).where('id', '=', Number(rest)).executeTakeFirst();
    if (!offer) return sendJson(req, res, 404, { error: `No offer ${rest}` });
    // The offer's model as the site stocks it (its body and a colour), else a plain banner.
    const line = offer.make && offer.model
      ? await deps.db.selectFrom('cars').select(['item_type', 'simple_body', 'details']).where('site_id', '=', siteId).where('make', '=', offer.make).where('model', '=', offer.model).orderBy('id').executeTakeFirst()
      : undefined;
    scene = line
      ? { kind: line.item_type === 'motorcycle' ? 'motorcycle' : line.item_type === 'caravan' ? 'caravan' : 'car', body: line.simple_body, colour: String(line.details.colour_hex ?? '#8a9099'), angle: 'front-three-quarter', title: offer.title.slice(0, 48), subtitle: offer.category }
      : { kind: 'banner', colour: tenant.config.theme.colours.accent, title: offer.title.slice(0, 48), subtitle: offer.category };
    // Named apart from the plain banners rendered before offers showed their model.
    key = `offer-model-${rest}`;
  }
  const headers = { ...guardHeaders(req, 'asset'), 'Cache-Control': 'public, max-age=31536000, immutable', 'Access-Control-Allow-Origin': '*' };
  if (ext === 'svg') {
    const svg = sceneSvg(scene);
    res.writeHead(200, { ...headers, 'Content-Type': 'image/svg+xml', 'Content-Length': String(Buffer.byteLength(svg)) });
    res.end(req.method === 'HEAD' ? undefined : svg);
    return;
  }
  const buf = await renderImage(cacheDir, key, scene, params.width, params.quality, ext as ImageFormat);
  res.writeHead(200, { ...headers, 'Content-Type': FORMATS[ext as ImageFormat], 'Content-Length': String(buf.length) });
  res.end(req.method === 'HEAD' ? undefined : buf);
}

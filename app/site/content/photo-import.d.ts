// An image imported with `?photo` is made into a Photo by the build (vite/photo-plugin.ts).
declare module "*?photo" {
  const photo: import("./photo.ts").Photo;
  export default photo;
}

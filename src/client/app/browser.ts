// Full-page moves to another host. An object (not bare functions) so tests can replace its methods.
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

import { useEffect } from "react";
import { setPageTitle } from "./brand-look.ts";

/** Names the screen in the document title while it is shown. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    setPageTitle(title);
    return () => {
      setPageTitle(null);
    };
  }, [title]);
}

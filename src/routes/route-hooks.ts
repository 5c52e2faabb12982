/** A route's hooks of one kind as a list, whether it declared none, one or several: plugins append theirs to it. */
export const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

package io.heaplab.testplugins;

/** The superclass {@link MissingHelperProvider}'s jar leaves out. */
public class Helper extends TestAllocatorProvider {

    public Helper() {
        super("helped", setup -> new Bump(setup.heap()));
    }
}

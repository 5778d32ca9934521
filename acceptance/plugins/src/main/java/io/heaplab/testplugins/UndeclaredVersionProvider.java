package io.heaplab.testplugins;

/** Declares no SPI version. */
public final class UndeclaredVersionProvider extends TestAllocatorProvider {

    public UndeclaredVersionProvider() {
        super("undeclared", setup -> new Bump(setup.heap()));
    }
}

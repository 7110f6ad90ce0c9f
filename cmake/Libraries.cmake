# rd_add_library(name [sources...]): one of ReviewDesk's own libraries.
#
# Static by default: reviewdesk and reviewdesk-cli are then single programs.
# REVIEWDESK_SHARED_LIBS=ON builds them as shared objects instead, for the
# builds that link a hundred test programs (the sanitizer build, the Debian 13
# build): statically, every test program carries its own instrumented copy of
# the libraries it uses, about 100 MB each under AddressSanitizer, and the
# sanitizer build alone needed 15 GB of disk, more than a CI machine had free.
option(REVIEWDESK_SHARED_LIBS "Build ReviewDesk's own libraries as shared objects (the test builds)" OFF)

function(rd_add_library name)
    if(REVIEWDESK_SHARED_LIBS)
        add_library(${name} SHARED ${ARGN})
        # No <name>_EXPORTS define: nothing of ours reads it (symbols keep the
        # default visibility), and without it a source compiles to the same
        # command line in both kinds of build, so ccache serves either from
        # the other.
        set_target_properties(${name} PROPERTIES DEFINE_SYMBOL "")
    else()
        add_library(${name} STATIC ${ARGN})
    endif()
endfunction()
